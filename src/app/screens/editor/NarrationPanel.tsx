import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { Button, Icon } from 'semantic-ui-react';
import { MAX_NARRATION_CHARS, TEXT_MODE, VOICE_MODE } from '../../../model/project';
import { currentPage, page, pageCount, saveDocument } from '../../state/editor';
import {
  draftChanged,
  draftStats,
  insertOpen,
  previewLoading,
  previewNarration,
  saveDraft,
  switchNarrationMode,
} from '../../state/editorNarration';
import { playing } from '../../state/narrationPlayback';
import { showMessage } from '../../state/messages';
import { NarrationBox } from './NarrationBox';
import { InsertDialog } from './insert/InsertDialog';
import { SegmentChips } from './insert/SegmentChips';
import { VoicePagePanel } from './voice/VoicePagePanel';

/** Under the canvas: the text/voice radio, the narration box with its count and estimate, 试听 and 保 存. */
export function NarrationPanel() {
  useSignals();
  const { t } = useTranslation('editor');
  const p = page.value;
  const voice = p?.istts === VOICE_MODE;
  const { count, seconds } = draftStats.value;

  // 保存成功 means stored: the page's text goes to the server with the draft. It used to say so
  // while the top bar still read 有未保存的修改 (the text only reached the editor's copy).
  const onSave = () => {
    const result = saveDraft();
    if (!result.ok) return showMessage('error', result.error);
    saveDocument(1)
      .then(() => showMessage('success', t('narration.saved')))
      .catch(() => undefined); // the failed save said why (API errors are shown where they are caught)
  };

  return (
    <section className="ps-ed-narration" data-testid="narration-panel">
      <div className="ps-ed-narration-head">
        <span className="ps-ed-page-label" data-testid="narration-page">
          {p ? t('narration.page', { n: currentPage.value + 1 }) : t('narration.noPage')}
          {p && <span className="ps-ed-muted"> / {pageCount.value}</span>}
        </span>
        <div className="ps-ed-segmented" role="radiogroup" data-testid="narration-mode">
          {[
            { mode: TEXT_MODE as 1 | 2, label: t('narration.textMode'), icon: 'font' as const, id: 'text' },
            {
              mode: VOICE_MODE as 1 | 2,
              label: t('narration.voiceMode'),
              icon: 'microphone' as const,
              id: 'voice',
            },
          ].map((o) => (
            <button
              key={o.id}
              type="button"
              role="radio"
              aria-checked={p?.istts === o.mode}
              className={p?.istts === o.mode ? 'active' : ''}
              disabled={!p}
              data-testid={`narration-mode-${o.id}`}
              onClick={() => void switchNarrationMode(o.mode)}
            >
              <Icon name={o.icon} />
              {o.label}
            </button>
          ))}
        </div>
        <div className="ps-ed-spacer" />
        {!voice && (
          <span className="ps-ed-counter" data-testid="narration-stats">
            <span className={count >= MAX_NARRATION_CHARS ? 'ps-ed-limit' : ''} data-testid="narration-count">
              {t('narration.count', { count })}
            </span>
            <span className="ps-ed-dot">·</span>
            <span data-testid="narration-seconds">{t('narration.seconds', { seconds })}</span>
          </span>
        )}
      </div>

      {voice ? <VoicePagePanel /> : <NarrationBox placeholder={t('narration.placeholder')} disabled={!p} />}
      {!voice && <SegmentChips />}

      <div className="ps-ed-narration-actions">
        {!voice && (
          <Button basic disabled={!p} data-testid="insert-open" onClick={() => (insertOpen.value = true)}>
            <Icon name="plus square outline" />
            {t('insert.button')}
          </Button>
        )}
        {!voice && draftChanged.value && (
          <span className="ps-ed-unsaved" data-testid="narration-unsaved">
            <Icon name="circle" size="tiny" />
            {t('narration.unsaved')}
          </span>
        )}
        <div className="ps-ed-spacer" />
        <Button
          basic
          loading={previewLoading.value}
          disabled={!p || previewLoading.value}
          data-testid="narration-preview"
          onClick={() => void previewNarration()}
        >
          <Icon name={playing.value ? 'stop' : 'play'} />
          {playing.value ? t('narration.stop') : t('narration.preview')}
        </Button>
        {!voice && (
          <Button primary disabled={!p} data-testid="narration-save" onClick={onSave}>
            {t('narration.save')}
          </Button>
        )}
      </div>
      <InsertDialog />
    </section>
  );
}
