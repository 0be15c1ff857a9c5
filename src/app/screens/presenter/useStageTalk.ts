import { useEffect, useMemo, useState } from 'react';
import { motionTimeline } from '../../../model/motion';
import type { MouthCue } from '../../../model/speech';
import type { PresenterTalk } from '../../../render/pixi/views/PresenterView';
import { loadMouthTimeline } from '../../state/editorTalk';

/** Blinks and motion are laid out over this much of a page: longer than any narration. */
const BLINK_SPAN_MS = 10 * 60 * 1000;

/**
 * What makes the stage's presenter talk while audio plays: the mouth timeline in the timings file
 * beside the audio (loaded once it is known), the audio clock, and the page's motion and blinks
 * (the render's seeded pattern for page `pageNumber`, 1-based) on `pageClockMs`. null while
 * nothing plays.
 */
export function useStageTalk(
  timingsPath: string | null,
  clockMs: () => number,
  pageNumber: number,
  pageClockMs: () => number = clockMs,
): PresenterTalk | null {
  const [timeline, setTimeline] = useState<{ path: string; cues: MouthCue[] } | null>(null);
  useEffect(() => {
    if (timingsPath === null) return;
    let live = true;
    void loadMouthTimeline(timingsPath).then((cues) => live && setTimeline({ path: timingsPath, cues }));
    return () => {
      live = false;
    };
  }, [timingsPath]);
  const cues = timeline && timeline.path === timingsPath ? timeline.cues : null;
  return useMemo(() => {
    if (!cues) return null;
    // Nods come from the heard clip's sentence ends: the view shifts them onto the page clock.
    const motion = motionTimeline({ durationMs: BLINK_SPAN_MS, seed: pageNumber, cues });
    return { timeline: cues, clockMs, pageMs: pageClockMs, blinks: motion.blinks, motion };
  }, [cues, clockMs, pageClockMs, pageNumber]);
}
