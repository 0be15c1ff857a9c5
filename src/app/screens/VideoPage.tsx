import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Loader } from 'semantic-ui-react';
import {
  clearProject,
  currentPage,
  doc,
  loading,
  page,
  projectId,
  revision,
  saveDocument,
} from '../state/editor';
import { commitDraft, loadDraft, unsavedChanges, watchVoiceChanges } from '../state/editorNarration';
import { stopPlaying } from '../state/narrationPlayback';
import { startAutosave } from '../state/editorAutosave';
import { dropBackup, offerBackup, pruneBackups, startBackups } from '../state/editorBackup';
import { asksForSlides, closePdfDialog, openPdfDialog } from '../state/editorPdf';
import { cancelSynthesis } from '../state/editorSynthesis';
import { confirmDialog } from '../state/confirm';
import { showMessage } from '../state/messages';
import { loadProject } from '../state/editor';
import { EditorTopBar } from './editor/EditorTopBar';
import { NarrationPanel } from './editor/NarrationPanel';
import { PageStrip } from './editor/PageStrip';
import { PdfDialog } from './editor/PdfDialog';
import { SynthesisDialog } from './editor/SynthesisDialog';
import { useEditorShortcuts } from './editor/useEditorShortcuts';
import { LibraryTabs } from './editor/library/LibraryTabs';
import { EditorStage } from './editor/preview/EditorStage';
import { RecorderHost } from './editor/recorder/RecorderHost';
// Semantic components only the editor uses (the app imports its own set in styles/semantic.ts).
import 'semantic-ui-css/components/checkbox.min.css';
import 'semantic-ui-css/components/popup.min.css';
import 'semantic-ui-css/components/table.min.css';
import './editor/editor.css';

/** The editor (/video?videoid=...); the guard never lets it open without a project. */
export function VideoPage() {
  useSignals();
  const { t } = useTranslation('editor');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('videoid'));
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    let stopBackups = () => {};
    setFailed(false);
    pruneBackups();
    loadProject(id)
      .then(async () => {
        if (!live) return;
        loadDraft();
        // Work left unsaved here last time (tab closed, crash) comes back first, then is kept anew.
        await offerBackup(id);
        if (!live) return;
        stopBackups = startBackups(id);
        // A new project starts by choosing its slides (or 无需PDF).
        if (doc.value && asksForSlides(doc.value, revision.value)) openPdfDialog();
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      stopBackups();
      stopPlaying();
      cancelSynthesis();
      closePdfDialog();
    };
  }, [id]);

  useEffect(() => watchVoiceChanges(), []);
  // A new project starts a fresh autosave (one stopped by a stale revision stays stopped until then).
  useEffect(() => startAutosave(), [id]);

  // Undo/redo or a save may change the page's narration under the box: show the stored one.
  const textdome = page.value?.textdome;
  const at = currentPage.value;
  useEffect(() => {
    if (doc.peek()) loadDraft();
  }, [textdome, at]);

  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (!unsavedChanges.peek()) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  const saveDraft = useCallback(() => {
    if (!doc.peek()) return;
    commitDraft();
    saveDocument(1)
      .then(() => showMessage('success', t('top.saved')))
      .catch(() => undefined);
  }, [t]);
  useEditorShortcuts(saveDraft);

  const goHome = async () => {
    commitDraft();
    if (unsavedChanges.value) {
      const leave = await confirmDialog({
        title: '提示',
        content: '当前项目有未保存的修改, 离开将丢失这些修改, 是否继续?',
        confirmText: '离开',
        cancelText: '取消',
        testId: 'confirm-leave-editor',
      });
      if (!leave) return;
      // Given up on purpose: not offered back next time.
      const leaving = projectId.peek();
      if (leaving !== null) dropBackup(leaving);
    }
    clearProject();
    navigate('/');
  };

  let body;
  if (failed) {
    body = (
      <div className="ps-ed-state" data-testid="editor-load-failed">
        <p>{t('loadFailed')}</p>
        <Button primary onClick={() => navigate('/')}>
          {t('backHome')}
        </Button>
      </div>
    );
  } else if (!doc.value || loading.value) {
    body = (
      <div className="ps-ed-state">
        <Loader active inline="centered" content={t('loading')} />
      </div>
    );
  } else {
    body = (
      <div className="ps-ed-body">
        <aside className="ps-ed-library">
          <LibraryTabs />
        </aside>
        <PageStrip />
        <main className="ps-ed-centre">
          <div className="ps-ed-stage" data-testid="editor-stage">
            <EditorStage />
          </div>
          <NarrationPanel />
        </main>
      </div>
    );
  }

  return (
    <div className="ps-editor" data-testid="page-video">
      <EditorTopBar onHome={() => void goHome()} onSaveDraft={saveDraft} />
      {body}
      <PdfDialog />
      <SynthesisDialog />
      <RecorderHost />
    </div>
  );
}
