import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon, Popup } from 'semantic-ui-react';
import { publicAsset } from '../../config';
import { UserMenu } from '../../layout/UserMenu';
import { canRedo, canUndo, doc, redo, saving, spokenTime, totalTime, undo } from '../../state/editor';
import { autoSavedTime } from '../../state/editorAutosave';
import { unsavedChanges } from '../../state/editorNarration';
import { openPdfDialog } from '../../state/editorPdf';
import { startSynthesis, synthesisOpen } from '../../state/editorSynthesis';
import { showMessage } from '../../state/messages';
import { ProjectName } from './ProjectName';
import { MusicButton } from './music/MusicButton';
import { WholePreviewButton } from '../three/WholePreviewButton';

interface Props {
  onHome(): void;
  onSaveDraft(): void;
}

function useFullscreen(): [boolean, () => void] {
  const [on, setOn] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const update = () => setOn(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  const toggle = () => {
    const root = document.documentElement;
    if (!document.fullscreenEnabled || typeof root.requestFullscreen !== 'function') {
      showMessage('warning', '暂不不支持全屏');
      return;
    }
    const change = document.fullscreenElement ? document.exitFullscreen() : root.requestFullscreen();
    change.catch(() => showMessage('warning', '暂不不支持全屏'));
  };
  return [on, toggle];
}

/** The editor's own top bar: logo, project name, undo/redo, time, fullscreen, PDF, save, synthesise, user. */
export function EditorTopBar({ onHome, onSaveDraft }: Props) {
  useSignals();
  const unsaved = unsavedChanges.value;
  const { t } = useTranslation('editor');
  const [fullscreen, toggleFullscreen] = useFullscreen();
  const ready = doc.value !== null;
  const saveState = unsaved
    ? t('top.unsaved')
    : autoSavedTime.value
      ? t('top.autoSaved', { time: autoSavedTime.value })
      : t('top.allSaved');

  const tip = (content: string, trigger: React.ReactElement) => (
    <Popup content={content} size="mini" inverted position="bottom center" trigger={trigger} />
  );

  return (
    <header className="ps-ed-top" data-testid="editor-topbar">
      <button
        type="button"
        className="ps-ed-logo"
        title={t('top.logoTitle')}
        data-testid="editor-logo"
        onClick={onHome}
      >
        <img src={publicAsset('logo.svg')} alt="" width={28} height={28} />
      </button>
      <div className="ps-ed-divider" />
      {/* Nothing to rename, save or time before a project is open (loading, or it failed to load). */}
      {ready && <ProjectName />}
      {ready && (
        <span
          className={`ps-ed-save-state${unsaved ? ' is-dirty' : ''}`}
          data-testid="editor-save-state"
          title={saveState}
        >
          <Icon name={unsaved ? 'circle' : 'check'} size={unsaved ? 'tiny' : 'small'} />
          <span className="ps-ed-label">{saveState}</span>
        </span>
      )}
      <div className="ps-ed-spacer" />
      <div className="ps-ed-icon-group">
        {tip(
          t('top.undo'),
          <button type="button" disabled={!canUndo.value} data-testid="editor-undo" onClick={undo}>
            <Icon name="undo" />
          </button>,
        )}
        {tip(
          t('top.redo'),
          <button type="button" disabled={!canRedo.value} data-testid="editor-redo" onClick={redo}>
            <Icon name="redo" />
          </button>,
        )}
        {tip(
          fullscreen ? t('top.exitFullscreen') : t('top.fullscreen'),
          <button type="button" data-testid="editor-fullscreen" onClick={toggleFullscreen}>
            <Icon name={fullscreen ? 'compress' : 'expand'} />
          </button>,
        )}
      </div>
      {ready && (
        <div
          className={`ps-ed-time${spokenTime.value ? ' has-spoken' : ''}`}
          data-testid="editor-total-time"
          title={`${t('top.totalTime')} ${t('top.minutes', { value: totalTime.value })}${
            spokenTime.value ? ` ${t('top.spoken', { value: spokenTime.value })}` : ''
          }`}
        >
          <Icon name="clock outline" />
          <span>{t('top.totalTime')}</span>
          <strong>{t('top.minutes', { value: totalTime.value })}</strong>
          {spokenTime.value && (
            <span className="ps-ed-time-spoken" data-testid="editor-spoken-time">
              {t('top.spoken', { value: spokenTime.value })}
            </span>
          )}
        </div>
      )}
      <Button
        basic
        className="ps-ed-ghost ps-ed-iconable"
        disabled={!ready}
        title={t('top.pdf')}
        aria-label={t('top.pdf')}
        data-testid="editor-pdf"
        onClick={openPdfDialog}
      >
        <Icon name="file pdf outline" />
        <span className="ps-ed-label">{t('top.pdf')}</span>
      </Button>
      <MusicButton />
      <Button
        basic
        className="ps-ed-ghost"
        disabled={!ready}
        loading={saving.value && !synthesisOpen.value}
        data-testid="editor-save-draft"
        onClick={onSaveDraft}
      >
        <Icon name="save outline" />
        {t('top.saveDraft')}
      </Button>
      <WholePreviewButton />
      <Button
        primary
        className="ps-ed-synth-button"
        disabled={!ready || synthesisOpen.value}
        data-testid="editor-synthesise"
        onClick={() => void startSynthesis()}
      >
        <Icon name="video play" />
        {t('top.synthesise')}
      </Button>
      <div className="ps-ed-divider" />
      <UserMenu />
    </header>
  );
}
