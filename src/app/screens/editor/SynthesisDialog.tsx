import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button, Checkbox, Icon, Label, Modal, Progress, Table } from 'semantic-ui-react';
import { TitledModal } from '../../layout/TitledModal';
import { SUBTITLE_ON, synthesisTotalMinutes, type SynthesisStatus } from '../../../model/project';
import { doc } from '../../state/editor';
import {
  cancelSynthesis,
  canConfirm,
  confirmSynthesis,
  convertAll,
  convertingPage,
  synthesisOpen,
  synthesisPhase,
  synthesisTable,
  toggleSubtitle,
} from '../../state/editorSynthesis';
import { showMessage } from '../../state/messages';

const STATUS_COLOR: Record<SynthesisStatus, 'blue' | 'red' | 'green'> = {
  processing: 'blue',
  failed: 'red',
  success: 'green',
};
const STATUS_ICON = { processing: 'circle notch', failed: 'times circle', success: 'check circle' } as const;

/** The synthesis list: subtitle switch, per-page duration and status, total minutes, 取消 and 确定. */
export function SynthesisDialog() {
  useSignals();
  const { t } = useTranslation('editor');
  const navigate = useNavigate();
  const rows = synthesisTable.value;
  const phase = synthesisPhase.value;
  const d = doc.value;
  const done = rows.filter((r) => r.status === 'success').length;
  const submitting = phase === 'submitting';

  const onConfirm = async () => {
    if (await confirmSynthesis()) {
      navigate('/');
      showMessage('success', t('synthesis.submitted'));
    }
  };

  return (
    <TitledModal
      open={synthesisOpen.value}
      size="small"
      className="ps-ed-synthesis"
      closeIcon={!submitting}
      closeOnDimmerClick={false}
      onClose={cancelSynthesis}
      data-testid="synthesis-dialog"
      data-phase={phase}
      icon="film"
      iconColor="violet"
      title={t('synthesis.title')}
      extra={
        <span className="ps-ed-synthesis-hint" data-testid="synthesis-hint">
          {t('synthesis.hint')}
        </span>
      }
    >
      <Modal.Content>
        <div className="ps-ed-synthesis-bar">
          <Checkbox
            toggle
            label={t('synthesis.subtitle')}
            checked={d?.subtitle === SUBTITLE_ON}
            disabled={submitting}
            data-testid="synthesis-subtitle"
            onChange={(_, data) => toggleSubtitle(Boolean(data.checked))}
          />
          <span className="ps-ed-muted" data-testid="synthesis-subtitle-state">
            {d?.subtitle === SUBTITLE_ON ? t('synthesis.subtitleOn') : t('synthesis.subtitleOff')}
          </span>
          <div className="ps-ed-spacer" />
          <span className="ps-ed-muted" data-testid="synthesis-progress">
            {t('synthesis.progress', { done, total: rows.length })}
          </span>
        </div>
        <Progress
          percent={rows.length ? Math.round((done * 100) / rows.length) : 0}
          size="tiny"
          color={phase === 'failed' ? 'red' : 'violet'}
          active={phase === 'converting'}
        />
        <div className="ps-ed-synthesis-table">
          <Table compact unstackable singleLine data-testid="synthesis-table">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell width={3}>{t('synthesis.index')}</Table.HeaderCell>
                <Table.HeaderCell width={6}>{t('synthesis.duration')}</Table.HeaderCell>
                <Table.HeaderCell width={7}>{t('synthesis.status')}</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row, i) => (
                <Table.Row
                  key={row.index}
                  active={phase === 'converting' && i === convertingPage.value}
                  data-testid={`synthesis-row-${i}`}
                  data-status={row.status}
                >
                  <Table.Cell>{row.index}</Table.Cell>
                  <Table.Cell data-testid={`synthesis-seconds-${i}`}>{row.seconds}</Table.Cell>
                  <Table.Cell>
                    <Label basic color={STATUS_COLOR[row.status]} size="small">
                      <Icon
                        name={STATUS_ICON[row.status]}
                        loading={row.status === 'processing' && i === convertingPage.value}
                      />
                      {t(`synthesis.${row.status}`)}
                    </Label>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        </div>
        <div className="ps-ed-synthesis-total" data-testid="synthesis-total">
          {t('synthesis.total', { minutes: d ? synthesisTotalMinutes(d) : '0.00' })}
        </div>
      </Modal.Content>
      <Modal.Actions>
        {phase === 'failed' && (
          <Button
            basic
            icon="redo"
            content={t('synthesis.retry')}
            data-testid="synthesis-retry"
            onClick={() => void convertAll()}
          />
        )}
        <Button disabled={submitting} data-testid="synthesis-cancel" onClick={cancelSynthesis}>
          {t('synthesis.cancel')}
        </Button>
        <Button
          primary
          disabled={!canConfirm.value || submitting}
          loading={submitting}
          data-testid="synthesis-confirm"
          onClick={() => void onConfirm()}
        >
          {t('synthesis.confirm')}
        </Button>
      </Modal.Actions>
    </TitledModal>
  );
}
