import { useEffect, useMemo, useState } from 'react';
import { gestureEvents, motionTimeline } from '../../../model/motion';
import type { MouthCue } from '../../../model/speech';
import type { TimedWord } from '../../../model/speech/timedWord';
import type { PresenterTalk } from '../../../render/pixi/views/PresenterView';
import { loadTimings } from '../../state/editorTalk';

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
  const [timeline, setTimeline] = useState<{
    path: string;
    cues: MouthCue[];
    words: TimedWord[];
    durationMs: number;
  } | null>(null);
  useEffect(() => {
    if (timingsPath === null) return;
    let live = true;
    void loadTimings(timingsPath).then(
      (t) =>
        live &&
        setTimeline({
          path: timingsPath,
          cues: (t?.mouth ?? []) as MouthCue[],
          words: t?.words ?? [],
          durationMs: t?.durationMs ?? 0,
        }),
    );
    return () => {
      live = false;
    };
  }, [timingsPath]);
  const heard = timeline && timeline.path === timingsPath ? timeline : null;
  return useMemo(() => {
    if (!heard) return null;
    const { cues, words, durationMs } = heard;
    // Nods and gestures come from the heard clip's sentence ends and words: the view shifts them
    // onto the page clock. Gestures end within the clip, as the render's within its page.
    const motion = motionTimeline({ durationMs: BLINK_SPAN_MS, seed: pageNumber, cues });
    const gestures = gestureEvents({ words, stickersMs: [], durationMs });
    return {
      timeline: cues,
      clockMs,
      pageMs: pageClockMs,
      blinks: motion.blinks,
      motion: { ...motion, gestures },
    };
  }, [heard, clockMs, pageClockMs, pageNumber]);
}
