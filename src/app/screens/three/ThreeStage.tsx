import { useSignals } from '@preact/signals-react/runtime';
import { memo, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from 'semantic-ui-react';
import type { ProjectDocument } from '../../../model/project';
import type { TimelinePage } from '../../../model/project/projectTimeline';
import { buildStageScene, presenterAspects } from '../../../render';
import { Stage } from '../../../render/pixi/Stage';
import { resolveServerUrl } from '../../config';
import { timingsBeside } from '../../state/narrationPlayback';
import { presenterItem } from '../../state/editorTalk';
import {
  activeClipPath,
  clipClockMs,
  isPlaying,
  positionMs,
  seekCount,
  stageCue,
  stageIsScale,
  stageStickers,
} from '../../state/threePlayback';
import { useStageLabels } from '../editor/preview/useStageLabels';
import { useStageTalk } from '../presenter/useStageTalk';

/** The render mixes a page video's sound at 35% under the narration (README). */
const VIDEO_VOLUME = 0.35;

/**
 * The /three stage: one page of the project at the time being played, on the same PixiJS stage as
 * the editor, laid out as the render lays it out (the framing of the segment heard, stickers from
 * the start of their segment, the page video from the page start, the subtitle line), with the
 * presenter lip-syncing to the clip heard and blinking on the render's frames. Memoised: the
 * clock ticks 20 times a second, the scene changes only with the page, the framing and the
 * stickers shown.
 */
export const ThreeStage = memo(function ThreeStage({
  doc,
  page,
}: {
  doc: ProjectDocument;
  page: TimelinePage;
}) {
  useSignals();
  const { t } = useTranslation('three');
  const labels = useStageLabels();
  // Natural slide (image or video) aspect per page: PPT全屏 letterboxes by it, as the render does.
  const [slideAspects, setSlideAspects] = useState<Record<number, number>>({});
  const isScale = stageIsScale.value;
  const shownKey = stageStickers.value;
  const art = presenterItem.value?.id === doc.character.uuid ? presenterItem.value : null;
  const slideAspect = slideAspects[page.at];
  const scene = useMemo(
    () =>
      buildStageScene({
        doc,
        pageAt: page.at,
        isScale,
        asRendered: true,
        shownStickers: shownKey.split(',').filter(Boolean).map(Number),
        aspects: {
          slide: slideAspect,
          ...presenterAspects(art),
        },
      }),
    [doc, page.at, isScale, shownKey, slideAspect, art],
  );
  const onSlideAspect = useCallback(
    (a: number) => setSlideAspects((x) => (x[page.at] === a ? x : { ...x, [page.at]: a })),
    [page.at],
  );

  const running = isPlaying.value;
  const clip = activeClipPath.value;
  const pageStart = page.startMs;
  const pageClock = useCallback(() => positionMs.peek() - pageStart, [pageStart]);
  const talk = useStageTalk(running ? (clip ? timingsBeside(clip) : '') : null, clipClockMs, page.at + 1, {
    page: doc.ppt.pages[page.at] ?? null,
    pageClockMs: pageClock,
  });
  const seeks = seekCount.value;
  const video = useMemo(
    () => ({
      playing: running,
      atMs: positionMs.peek() - pageStart,
      seekKey: seeks,
      muted: page.video?.muted ?? true,
      loop: false,
      volume: VIDEO_VOLUME,
    }),
    [running, seeks, pageStart, page.video?.muted],
  );
  const shot = isScale === 2 || isScale === 3 || isScale === 4 ? t(`shot.${isScale}`) : '';

  return (
    <div
      className="ps-three-stage-area"
      data-testid="three-stage"
      data-page={page.at + 1}
      data-framing={isScale}
    >
      <Stage
        scene={scene}
        resolveUrl={resolveServerUrl}
        presenter={art}
        talk={talk}
        video={video}
        subtitle={stageCue.value}
        labels={labels}
        onSlideAspect={onSlideAspect}
        testId="three-canvas"
      />
      {shot && (
        <span className="ps-three-shot" data-testid="three-shot">
          <Icon name="video camera" />
          {shot}
        </span>
      )}
      {page.silent && (
        <div className="ps-three-silent" data-testid="three-silent">
          <Icon name="volume off" />
          {t('silentStage', { n: page.at + 1 })}
        </div>
      )}
      {page.partial && (
        <div className="ps-three-silent" data-testid="three-partial">
          <Icon name="volume off" />
          {t('partialStage', { n: page.at + 1 })}
        </div>
      )}
    </div>
  );
});
