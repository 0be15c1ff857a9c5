import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon } from 'semantic-ui-react';
import {
  moveCharacter,
  moveSlide,
  moveTexture,
  placeCharacter,
  SHOT_TAGS,
  type Box,
} from '../../../../model/project';
import { buildStageScene, presenterAspects, type StageTarget } from '../../../../render';
import { Stage, type StageApi } from '../../../../render/pixi/Stage';
import { resolveServerUrl } from '../../../config';
import { currentPage, dispatch, doc, projectId } from '../../../state/editor';
import { previewIsScale, selectedSegment } from '../../../state/editorNarration';
import { heardSegment, playbackMs, playing } from '../../../state/narrationPlayback';
import {
  restoreProjectTextures,
  selectOnStage,
  stageSelection,
  type StageSelection,
} from '../../../state/editorStickers';
import { loadPresenterRig, missingPresenter, presenterItem } from '../../../state/editorTalk';
import { checkScene } from '../../../state/missingScene';
import { checkVoice } from '../../../state/missingVoice';
import { showMessage } from '../../../state/messages';
import { useStageTalk } from '../../presenter/useStageTalk';
import { onStageKeyDown } from './stageKeys';
import { useStageLabels } from './useStageLabels';
import './preview.css';

/** The stage item id of a selection. */
function selectedId(s: StageSelection): string | null {
  if (!s) return null;
  return s.kind === 'sticker' ? `sticker:${s.index}` : s.kind === 'slide' ? 'slide' : 'presenter';
}

function selectionOf(t: StageTarget | null): StageSelection {
  if (!t) return null;
  return t.kind === 'sticker'
    ? { kind: 'sticker', index: t.index }
    : { kind: t.kind === 'slide' ? 'slide' : 'character' };
}

/** Ends a gesture: the one command (one undo step) that puts the item where it was let go. */
function commit(target: StageTarget, box: Box): void {
  const result =
    target.kind === 'sticker'
      ? dispatch(moveTexture, currentPage.value, target.index, box)
      : target.kind === 'slide'
        ? dispatch(moveSlide, box)
        : target.corner
          ? dispatch(placeCharacter, box)
          : dispatch(moveCharacter, { X: box.x, Y: box.y });
  if (!result.ok) showMessage('error', result.error);
}

/**
 * The editor's canvas: the current page on the PixiJS stage at its real layout, fitted into the
 * space above the narration. The presenter, the slide and the stickers are selected, dragged and
 * resized on it; the selected segment's shot tag frames it as the render will; 试听 makes the
 * presenter talk. 导出当前画面 downloads the frame at the video's size.
 */
export function EditorStage() {
  useSignals();
  const { t } = useTranslation('library');
  const { t: te } = useTranslation('editor');
  const labels = useStageLabels();
  const d = doc.value;
  const pageAt = currentPage.value;
  const isScale = previewIsScale.value;
  const heard = heardSegment.value ?? selectedSegment.value;
  const uuid = d?.character.uuid ?? '';
  const art = presenterItem.value?.id === uuid && uuid ? presenterItem.value : null;
  const [slideAspect, setSlideAspect] = useState<number | undefined>(undefined);
  const [api, setApi] = useState<StageApi | null>(null);
  const [exporting, setExporting] = useState(false);

  const openedProject = projectId.value;
  useEffect(() => {
    if (openedProject !== null) void restoreProjectTextures();
  }, [openedProject]);
  useEffect(() => selectOnStage(null), [pageAt, openedProject]);
  useEffect(() => {
    void loadPresenterRig(uuid).then(() => {
      // A presenter deleted since the project was saved: say so once, not only at synthesis.
      if (uuid && missingPresenter.peek() === uuid) showMessage('warning', t('preview.presenterMissing'));
    });
  }, [uuid, t]);
  const sceneId = d?.scene.uuid ?? '';
  useEffect(() => {
    void checkScene(sceneId).then((gone) => gone && showMessage('warning', t('preview.sceneMissing')));
  }, [sceneId, t]);
  const [voiceId, voicePublic] = [d?.character.voiceId ?? '', d?.character.isPublic ?? 1];
  useEffect(() => {
    void checkVoice(voiceId, voicePublic).then(
      (gone) => gone && showMessage('warning', t('preview.voiceMissing')),
    );
  }, [voiceId, voicePublic, t]);
  useEffect(() => setSlideAspect(undefined), [pageAt, openedProject]);

  const heardNow = playing.value;
  // The page's motion from all its clips, as the render builds it, whichever clip 试听 is playing.
  const talk = useStageTalk(heardNow?.timingsPath ?? null, playbackMs, pageAt + 1, {
    page: d?.ppt.pages[pageAt] ?? null,
  });
  const scene = useMemo(
    () =>
      d &&
      buildStageScene({
        doc: d,
        pageAt,
        isScale,
        segment: heard,
        aspects: {
          slide: slideAspect,
          ...presenterAspects(art),
        },
      }),
    [d, pageAt, isScale, heard, slideAspect, art],
  );
  const selection = selectedId(stageSelection.value);
  const editing = useMemo(
    () => ({
      selectedId: selection,
      onSelect: (target: StageTarget | null) => selectOnStage(selectionOf(target)),
      onCommit: commit,
      onKeyDown: onStageKeyDown,
    }),
    [selection],
  );
  const onSlideAspect = useCallback((a: number) => setSlideAspect((old) => (old === a ? old : a)), []);

  const exportFrame = async () => {
    if (!api || !d) return;
    setExporting(true);
    try {
      const blob = await api.exportPng();
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `${d.projectName || d.name || 'frame'}-第${pageAt + 1}页.png`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      showMessage('success', t('preview.exported'));
    } catch (e) {
      showMessage('error', e instanceof Error ? e.message : String(e));
    } finally {
      setExporting(false);
    }
  };

  if (!d || !scene) return <div className="ps-preview" data-testid="page-preview" />;
  const framed = scene.isScale !== 1;
  const shotLabel = SHOT_TAGS.find((s) => s.isScale === scene.isScale)?.label ?? '';

  return (
    <div className="ps-preview" data-testid="page-preview">
      <div className="ps-preview-area">
        <Stage
          scene={scene}
          resolveUrl={resolveServerUrl}
          presenter={art}
          talk={talk}
          labels={labels}
          editing={editing}
          onSlideAspect={onSlideAspect}
          onReady={setApi}
          testId="preview-stage"
        />
      </div>
      <div className="ps-preview-caption">
        <span className="ps-preview-badge" data-testid="preview-orientation">
          {scene.orientation === 1 ? t('preview.landscape') : t('preview.portrait')}
        </span>
        {framed ? (
          <span className="ps-preview-badge ps-preview-framing" data-testid="preview-framing-badge">
            {te('insert.previewBadge', { shot: shotLabel })}
          </span>
        ) : (
          <span className="ps-preview-hint-text" data-testid="preview-hint">
            {selection ? te('stickers.keysHint') : t('preview.dragHint')}
          </span>
        )}
        <Button
          basic
          size="mini"
          className="ps-preview-export"
          data-testid="preview-export"
          disabled={!api || exporting}
          loading={exporting}
          onClick={() => void exportFrame()}
        >
          <Icon name="download" />
          {t('preview.exportFrame')}
        </Button>
      </div>
    </div>
  );
}
