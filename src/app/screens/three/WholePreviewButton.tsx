import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button, Icon, Popup } from 'semantic-ui-react';
import { dirty, doc, projectId, saveDocument } from '../../state/editor';
import { commitDraft } from '../../state/editorNarration';
import { stopPlaying } from '../../state/narrationPlayback';
import './wholePreviewButton.css';

/**
 * 全片预览 in the editor's top bar: saves the draft when it has changes (the editor reloads the
 * saved project when the author comes back, so nothing typed is lost), then opens /three for it.
 */
export function WholePreviewButton() {
  useSignals();
  const { t } = useTranslation('three');
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const id = projectId.value;

  const open = async () => {
    if (id === null) return;
    stopPlaying();
    commitDraft();
    if (dirty.peek()) {
      setBusy(true);
      try {
        await saveDocument(1);
      } catch {
        // The client has shown why the save failed (e.g. a stale revision): stay in the editor.
        return setBusy(false);
      }
    }
    navigate(`/three?projectId=${id}`);
  };

  // On narrower screens the label hides (CSS) so the project name keeps its room; the tip names it.
  return (
    <Popup
      content={t('buttonTip')}
      size="mini"
      inverted
      position="bottom center"
      trigger={
        <Button
          basic
          className="ps-ed-ghost ps-whole-preview"
          disabled={!doc.value || id === null}
          loading={busy}
          aria-label={t('button')}
          data-testid="editor-whole-preview"
          onClick={() => void open()}
        >
          <Icon name="film" />
          <span className="ps-whole-preview-label">{t('button')}</span>
        </Button>
      }
    />
  );
}
