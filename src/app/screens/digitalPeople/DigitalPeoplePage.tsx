import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon } from 'semantic-ui-react';
import type { CharacterItem } from '../../../api/library.contract';
import { confirmDialog } from '../../state/confirm';
import { showMessage } from '../../state/messages';
import {
  deletePresenter,
  loadMyPresenters,
  myPresenters,
  myPresentersFailed,
  myPresentersLoaded,
  myPresentersLoading,
  newPresenterOpen,
  watchProcessing,
} from '../../state/myPresenters';
import { PageHeader } from '../PageHeader';
import { useOnShow, useViewActive } from '../projects/usePolling';
import { NewPresenterDialog } from './NewPresenterDialog';
import { OwnPresenterCard } from './OwnPresenterCard';
import './digitalPeople.css';

/** 我的数字人 (/digitalPeople): the user's own presenters, 新建数字人 and delete. */
export function DigitalPeoplePage() {
  useSignals();
  const { t } = useTranslation();
  const td = useTranslation('digitalPeople').t;
  // Kept-alive views stay mounted behind other tabs: refresh whenever the view shows again.
  const active = useViewActive('/digitalPeople');
  useOnShow(active, () => void loadMyPresenters());
  useEffect(() => {
    watchProcessing(active);
    return () => watchProcessing(false);
  }, [active]);

  async function remove(p: CharacterItem) {
    const ok = await confirmDialog({
      title: td('deleteTitle'),
      content: td('deleteConfirm', { name: p.name }),
      confirmText: td('confirm'),
      cancelText: td('cancel'),
      testId: 'presenter-delete-confirm',
    });
    if (!ok) return showMessage('info', td('cancelled'));
    await deletePresenter(p.id).catch(() => undefined);
  }

  const list = myPresenters.value;
  const create = () => (newPresenterOpen.value = true);
  return (
    <div className="ps-page" data-testid="page-digitalPeople">
      <PageHeader
        icon="user plus"
        title={t('route.digitalPeople')}
        description={t('routeDesc.digitalPeople')}
      >
        <Button primary icon="plus" content={td('create')} data-testid="presenter-create" onClick={create} />
      </PageHeader>
      {list.length > 0 && (
        <p className="ps-dp-count" data-testid="presenter-count">
          {td('count', { n: list.length })}
        </p>
      )}
      <div className="ps-dp-grid" data-testid="own-presenter-list">
        {active &&
          list.map((p) => <OwnPresenterCard key={p.id} presenter={p} onDelete={(c) => void remove(c)} />)}
      </div>
      {myPresentersLoading.value && list.length === 0 && (
        <div className="ps-dp-status">
          <span className="ps-spinner" />
        </div>
      )}
      {!myPresentersLoading.value && myPresentersFailed.value && (
        <div className="ps-dp-status">
          <Button basic onClick={() => void loadMyPresenters()}>
            {td('failedLoad')}
          </Button>
        </div>
      )}
      {myPresentersLoaded.value && !myPresentersFailed.value && list.length === 0 && (
        <div className="ps-dp-empty" data-testid="presenter-empty">
          <Icon name="user circle outline" size="huge" />
          <h3>{td('empty')}</h3>
          <p>{td('emptyHint')}</p>
          <Button primary icon="plus" content={td('create')} onClick={create} />
        </div>
      )}
      <NewPresenterDialog />
    </div>
  );
}
