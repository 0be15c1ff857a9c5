import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { Button, Loader, Modal, Table } from 'semantic-ui-react';
import { MiniPager } from '../../layout/MiniPager';
import { TitledModal } from '../../layout/TitledModal';
import { POINTS_PAGE_SIZE, type PointsEntry } from '../../../api/points.contract';
import {
  closePointsDialog,
  loadPoints,
  pointsCount,
  pointsDialogOpen,
  pointsEntries,
  pointsLoading,
  pointsPage,
} from '../../state/points';
import { points } from '../../state/session';
import 'semantic-ui-css/components/table.min.css';
import './points.css';

/** '2026-11-22 14:30': a ledger time in the viewer's clock. */
function formatTime(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** 积分 (user menu): the balance, how synthesis is charged, and the ledger, paged. */
export function PointsDialog() {
  useSignals();
  const { t } = useTranslation('materials');
  const pages = Math.max(1, Math.ceil(pointsCount.value / POINTS_PAGE_SIZE));
  const describe = (e: PointsEntry) => {
    const kind = t(`points.kind.${e.kind}`, { defaultValue: e.kind });
    return e.reason ? `${kind} · ${e.reason}` : kind;
  };

  return (
    <TitledModal
      open={pointsDialogOpen.value}
      size="small"
      closeIcon
      onClose={closePointsDialog}
      className="ps-points-dialog"
      data-testid="points-dialog"
      icon="star"
      iconColor="yellow"
      title={t('points.title')}
    >
      <Modal.Content>
        <div className="ps-points-summary">
          <span>{t('points.balance')}</span>
          <strong data-testid="points-balance">{points.value}</strong>
          <p>{t('points.rule')}</p>
        </div>
        {pointsLoading.value && pointsEntries.value.length === 0 ? (
          <Loader active inline="centered" />
        ) : pointsEntries.value.length === 0 ? (
          <div className="ps-points-empty">{t('points.empty')}</div>
        ) : (
          <Table compact unstackable singleLine className="ps-points-table" data-testid="points-ledger">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>{t('points.time')}</Table.HeaderCell>
                <Table.HeaderCell>{t('points.reason')}</Table.HeaderCell>
                <Table.HeaderCell textAlign="right">{t('points.change')}</Table.HeaderCell>
                <Table.HeaderCell textAlign="right">{t('points.after')}</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {pointsEntries.value.map((e) => (
                <Table.Row key={e.id} data-testid="points-row">
                  <Table.Cell className="ps-points-time">{formatTime(e.createdAt)}</Table.Cell>
                  <Table.Cell className="ps-points-reason" title={describe(e)}>
                    {describe(e)}
                  </Table.Cell>
                  <Table.Cell textAlign="right" className={e.delta >= 0 ? 'is-plus' : 'is-minus'}>
                    {e.delta > 0 ? `+${e.delta}` : e.delta}
                  </Table.Cell>
                  <Table.Cell textAlign="right">{e.balanceAfter}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        )}
        <MiniPager
          className="ps-points-pager"
          page={pointsPage.value}
          pages={pages}
          testId="points-pager"
          onPage={(n) => void loadPoints(n)}
        />
      </Modal.Content>
      <Modal.Actions>
        <Button onClick={closePointsDialog} data-testid="points-close">
          {t('points.close')}
        </Button>
      </Modal.Actions>
    </TitledModal>
  );
}
