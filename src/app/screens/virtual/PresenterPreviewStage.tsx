import { useSignals } from '@preact/signals-react/runtime';
import { useMemo } from 'react';
import type { CharacterItem } from '../../../api/library.contract';
import { blinkTimes } from '../../../model/speech';
import { presenterScene } from '../../../render';
import { Stage } from '../../../render/pixi/Stage';
import { resolveServerUrl } from '../../config';
import { previewTalk } from '../../state/tools';
import { useStageLabels } from '../editor/preview/useStageLabels';

/** Blinks of a preview: the render's pattern for a first page. */
const PREVIEW_BLINKS = blinkTimes(60_000, 1);
/** Talking without a voice: an own talking video loops, the mouth rests. */
const SILENT_LOOP = { timeline: [], clockMs: () => -1, pageMs: () => -1, blinks: [] };

/**
 * A presenter talking alone on the PixiJS stage (the gallery card being previewed, an own
 * presenter's preview): its rig lip-syncs to the greeting, an own talking video plays keyed, an
 * own picture breathes, exactly as on the editor's stage and in the video.
 */
export function PresenterPreviewStage({
  character: c,
  testId,
  looping = false,
}: {
  character: CharacterItem;
  testId?: string;
  /** Plays an own talking video all the time (a card of 我的数字人), not only with the greeting. */
  looping?: boolean;
}) {
  useSignals();
  const labels = useStageLabels();
  const scene = useMemo(
    () => presenterScene({ width: c.width, height: c.height, staticImg: c.static_img }),
    [c.width, c.height, c.static_img],
  );
  const drive = previewTalk.value;
  const talk = useMemo(
    () =>
      drive
        ? { timeline: drive.timeline, clockMs: drive.clockMs, pageMs: drive.clockMs, blinks: PREVIEW_BLINKS }
        : looping
          ? SILENT_LOOP
          : null,
    [drive, looping],
  );
  return (
    <Stage
      scene={scene}
      resolveUrl={resolveServerUrl}
      presenter={c}
      talk={talk}
      labels={labels}
      testId={testId}
    />
  );
}
