import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, Message } from 'semantic-ui-react';
import type { ProjectDocument } from '../../../model/project';
import { formatClock, type ProjectTimeline } from '../../../model/project/projectTimeline';
import { loadPresenterRig, missingPresenter } from '../../state/editorTalk';
import { checkScene, missingScene } from '../../state/missingScene';
import {
  isPlaying,
  positionMs,
  resetPlayback,
  seek,
  stagePageAt,
  togglePlay,
} from '../../state/threePlayback';
import { partialPages, silentPages, threeSubtitles } from '../../state/threePreview';
import { PageList } from './PageList';
import { Scrubber } from './Scrubber';
import { ThreeStage } from './ThreeStage';

/** How far ← and → jump. */
const STEP_MS = 5000;

// Keys typed into a field are the field's, not the player's.
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** The player: stage, play/pause, time, page x/y, the scrubber and the page list. */
export function ThreePlayer({ doc, timeline }: { doc: ProjectDocument; timeline: ProjectTimeline }) {
  useSignals();
  const { t } = useTranslation('three');
  const at = Math.max(0, stagePageAt.value);
  const page = timeline.pages[at];
  const silent = silentPages.value;
  const partial = partialPages.value;

  useEffect(() => {
    void loadPresenterRig(doc.character.uuid);
  }, [doc.character.uuid]);
  useEffect(() => void checkScene(doc.scene.uuid), [doc.scene.uuid]);

  useEffect(() => {
    resetPlayback();
    const down = (e: KeyboardEvent) => {
      if (typing(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === ' ') {
        e.preventDefault();
        if (!e.repeat) togglePlay();
      } else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
        e.preventDefault();
        seek(positionMs.peek() + (e.key === 'ArrowLeft' ? -STEP_MS : STEP_MS));
      }
    };
    // A focused button would also "click" on the Space keyup: the player already toggled.
    const up = (e: KeyboardEvent) => e.key === ' ' && !typing(e.target) && e.preventDefault();
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
      resetPlayback();
    };
  }, [timeline.totalMs]);

  if (!page) return <Message info content={t('noPages')} data-testid="three-no-pages" />;
  const playing = isPlaying.value;
  const atEnd = positionMs.value >= timeline.totalMs;

  return (
    <div className="ps-three-player" data-testid="three-player">
      <div className="ps-three-main">
        {missingPresenter.value === doc.character.uuid && (
          <Message warning size="small" className="ps-three-notice" data-testid="three-presenter-missing">
            <Icon name="user times" />
            {t('presenterMissing')}
          </Message>
        )}
        {!!doc.scene.uuid && missingScene.value === doc.scene.uuid && (
          <Message warning size="small" className="ps-three-notice" data-testid="three-scene-missing">
            <Icon name="image outline" />
            {t('sceneMissing')}
          </Message>
        )}
        {silent.length > 0 && (
          <Message warning size="small" className="ps-three-notice" data-testid="three-silent-notice">
            <Icon name="volume off" />
            {t('silentNotice', { pages: silent.join('、') })}
          </Message>
        )}
        {partial.length > 0 && (
          <Message warning size="small" className="ps-three-notice" data-testid="three-partial-notice">
            <Icon name="volume off" />
            {t('partialNotice', { pages: partial.join('、') })}
          </Message>
        )}
        <ThreeStage doc={doc} page={page} />
        <div className="ps-three-controls">
          <button
            type="button"
            className="ps-three-play"
            data-testid="three-play"
            data-state={playing ? 'playing' : 'paused'}
            aria-label={playing ? t('pause') : atEnd ? t('restart') : t('play')}
            title={playing ? t('pause') : atEnd ? t('restart') : t('play')}
            onClick={togglePlay}
          >
            <Icon name={playing ? 'pause' : atEnd ? 'redo' : 'play'} />
          </button>
          <span className="ps-three-time" data-testid="three-time">
            <strong data-testid="three-time-now">{formatClock(positionMs.value)}</strong>
            <span> / </span>
            <span data-testid="three-time-total">{formatClock(timeline.totalMs)}</span>
          </span>
          <Scrubber timeline={timeline} />
          <button
            type="button"
            className={`ps-three-cc${threeSubtitles.value ? ' active' : ''}`}
            data-testid="three-subtitles"
            aria-pressed={threeSubtitles.value}
            title={t('subtitles')}
            onClick={() => (threeSubtitles.value = !threeSubtitles.value)}
          >
            <Icon name="closed captioning outline" />
          </button>
          <span className="ps-three-pageno" data-testid="three-page-number">
            {t('pageOf', { n: at + 1, total: timeline.pages.length })}
          </span>
        </div>
        <div className="ps-three-hint">
          <span>{t('keysHint')}</span>
          <span>{t('sameAsVideo')}</span>
        </div>
      </div>
      <PageList doc={doc} timeline={timeline} />
    </div>
  );
}
