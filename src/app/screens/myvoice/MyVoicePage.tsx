import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon } from 'semantic-ui-react';
import {
  loadMyVoices,
  myVoices,
  myVoicesFailed,
  myVoicesLoaded,
  myVoicesLoading,
  newVoiceOpen,
  stopPreview,
  watchTraining,
} from '../../state/myVoices';
import { PageHeader } from '../PageHeader';
import { useOnShow, useViewActive } from '../projects/usePolling';
import { NewVoiceDialog } from './NewVoiceDialog';
import { VoiceCard } from './VoiceCard';
import '../editor/library/library.css';
import './myvoice.css';

/** 我的音色 (/myvoice): the user's private voices, their training, 试听, and new voices. */
export function MyVoicePage() {
  useSignals();
  const { t } = useTranslation();
  const tv = useTranslation('myvoice').t;
  // Kept-alive views stay mounted behind other tabs: refresh and poll only while visible.
  const active = useViewActive('/myvoice');
  useOnShow(active, () => void loadMyVoices());
  useEffect(() => {
    watchTraining(active);
    if (!active) stopPreview();
    return () => watchTraining(false);
  }, [active]);

  const list = myVoices.value;
  return (
    <div className="ps-page" data-testid="page-myvoice">
      <PageHeader icon="sound" title={t('route.myvoice')} description={t('routeDesc.myvoice')}>
        <Button
          primary
          icon="plus"
          content={tv('create')}
          data-testid="myvoice-create"
          onClick={() => (newVoiceOpen.value = true)}
        />
      </PageHeader>
      {list.length > 0 && (
        <p className="ps-myvoice-count" data-testid="myvoice-count">
          {tv('count', { n: list.length })}
        </p>
      )}
      <div className="ps-myvoice-grid" data-testid="myvoice-list">
        {list.map((v) => (
          <VoiceCard key={v.id} voice={v} />
        ))}
      </div>
      {myVoicesLoading.value && list.length === 0 && (
        <div className="ps-myvoice-status">
          <span className="ps-spinner" />
        </div>
      )}
      {!myVoicesLoading.value && myVoicesFailed.value && (
        <div className="ps-myvoice-status">
          <Button basic onClick={() => void loadMyVoices()}>
            {tv('failedLoad')}
          </Button>
        </div>
      )}
      {myVoicesLoaded.value && !myVoicesFailed.value && list.length === 0 && (
        <div className="ps-myvoice-empty" data-testid="myvoice-empty">
          <Icon name="microphone" size="huge" />
          <h3>{tv('empty')}</h3>
          <p>{tv('emptyHint')}</p>
          <Button primary icon="plus" content={tv('create')} onClick={() => (newVoiceOpen.value = true)} />
        </div>
      )}
      <NewVoiceDialog />
    </div>
  );
}
