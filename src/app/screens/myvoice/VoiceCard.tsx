import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon, Progress } from 'semantic-ui-react';
import { PthStatus, type PrivateVoiceItem } from '../../../api/timbre.contract';
import { resolveServerUrl } from '../../config';
import { confirmDialog } from '../../state/confirm';
import {
  deleteVoice,
  PREVIEW_TEXT,
  previewId,
  previewState,
  previewVoice,
  redoVoice,
} from '../../state/myVoices';
import { showMessage } from '../../state/messages';

const BADGE: Record<number, string> = {
  [PthStatus.queued]: 'queued',
  [PthStatus.training]: 'training',
  [PthStatus.failed]: 'failed',
  [PthStatus.ready]: 'ready',
};

/** One private voice: state badge and progress, sample facts, 试听 with its own text, redo, delete. */
export function VoiceCard({ voice }: { voice: PrivateVoiceItem }) {
  useSignals();
  const { t } = useTranslation('myvoice');
  const [text, setText] = useState(PREVIEW_TEXT);
  const [busy, setBusy] = useState(false);
  const ready = voice.pthStatus === PthStatus.ready;
  const training = voice.pthStatus === PthStatus.queued || voice.pthStatus === PthStatus.training;
  const preview = previewId.value === voice.id ? previewState.value : 'idle';

  async function remove() {
    const yes = await confirmDialog({
      title: t('delete'),
      content: t('deleteConfirm', { name: voice.name }),
      confirmText: t('delete'),
      cancelText: t('dialog.cancel'),
      testId: 'confirm-voice-delete',
    });
    if (!yes) return void showMessage('info', '已取消删除');
    setBusy(true);
    await deleteVoice(voice.id).catch(() => undefined);
    setBusy(false);
  }

  async function redo() {
    setBusy(true);
    await redoVoice(voice.id).catch(() => undefined);
    setBusy(false);
  }

  return (
    <div
      className="ps-myvoice-card"
      data-testid="myvoice-card"
      data-id={voice.id}
      data-status={voice.pthStatus}
    >
      <div className="ps-myvoice-head">
        <span className={`ps-myvoice-avatar ps-myvoice-avatar--${voice.sex === 1 ? 'male' : 'female'}`}>
          <Icon name={voice.sex === 1 ? 'male' : 'female'} />
        </span>
        <div className="ps-myvoice-title">
          <div className="ps-myvoice-name" title={voice.name}>
            {voice.name}
          </div>
          <div className="ps-myvoice-meta">
            {t(`sex.${voice.sex === 1 ? 1 : 2}`)} · {t('sample', { s: voice.sampleTime })}
            {ready && voice.pitchHz > 0 && <> · {t('pitch', { hz: Math.round(voice.pitchHz) })}</>}
            {ready && voice.syllablesPerSecond > 0 && (
              <> · {t('rate', { n: voice.syllablesPerSecond.toFixed(1) })}</>
            )}
          </div>
        </div>
        <span
          className={`ps-myvoice-badge is-${BADGE[voice.pthStatus] ?? 'queued'}`}
          data-testid="myvoice-status"
        >
          {training && <span className="ps-spinner ps-myvoice-badge-spin" />}
          {t(`state.${voice.pthStatus}`, { defaultValue: String(voice.pthStatus) })}
        </span>
      </div>

      {training && (
        <Progress
          percent={Math.round(voice.progress * 100)}
          size="tiny"
          color="violet"
          active
          className="ps-myvoice-progress"
          data-testid="myvoice-progress"
        />
      )}
      {voice.pthStatus === PthStatus.failed && (
        <div className="ps-myvoice-error" data-testid="myvoice-error">
          <Icon name="warning circle" />
          {voice.message}
        </div>
      )}

      {ready && (
        <div className="ps-myvoice-preview">
          <input
            className="ps-myvoice-input"
            value={text}
            maxLength={300}
            placeholder={t('previewPlaceholder')}
            data-testid="myvoice-preview-text"
            onChange={(e) => setText(e.target.value)}
          />
          <Button
            primary={preview === 'idle'}
            basic={preview !== 'idle'}
            size="small"
            data-testid="myvoice-preview"
            data-state={preview}
            disabled={!text.trim()}
            onClick={() => void previewVoice(voice.id, text)}
          >
            {preview === 'loading' ? (
              <>
                <span className="ps-spinner ps-myvoice-btn-spin" />
                {t('previewing')}
              </>
            ) : (
              <>
                <Icon name={preview === 'playing' ? 'stop' : 'play'} />
                {preview === 'playing' ? t('stop') : t('preview')}
              </>
            )}
          </Button>
        </div>
      )}

      <div className="ps-myvoice-actions">
        <audio
          className="ps-myvoice-sample"
          controls
          preload="none"
          src={resolveServerUrl(voice.samplePath)}
        />
        <div className="ps-myvoice-spacer" />
        {!training && (
          <Button
            basic
            size="small"
            icon="redo"
            content={t('redo')}
            disabled={busy}
            data-testid="myvoice-redo"
            onClick={() => void redo()}
          />
        )}
        <Button
          basic
          color="red"
          size="small"
          icon="trash alternate outline"
          content={t('delete')}
          disabled={busy}
          data-testid="myvoice-delete"
          onClick={() => void remove()}
        />
      </div>
    </div>
  );
}
