import { useEffect, useMemo, useState } from 'react';
import type { SpeechTimings } from '../../../api/speech.contract';
import {
  clipLengthMs,
  clipStarts,
  gestureEvents,
  pageMotionOf,
  stickerStartMs,
  type MotionClip,
  type MotionTimeline,
} from '../../../model/motion';
import type { Page } from '../../../model/project';
import { frameAlignedMs, pageClips, TIMELINE_FPS } from '../../../model/project/projectTimeline';
import type { MouthCue } from '../../../model/speech';
import type { PresenterTalk } from '../../../render/pixi/views/PresenterView';
import { loadTimings } from '../../state/editorTalk';
import { timingsBeside } from '../../state/narrationPlayback';

/** Blinks and motion of a clip heard on its own are laid out over this much: longer than any narration. */
const BLINK_SPAN_MS = 10 * 60 * 1000;

/** What the stage plays: the timings of the clips it reads the motion from, and which one is heard. */
interface Heard {
  key: string;
  timings: (SpeechTimings | null)[];
  at: number;
}

/**
 * What makes the stage's presenter talk while audio plays: the mouth timeline in the timings file
 * beside the audio, the audio clock, and the page's motion and blinks. When the heard clip is one
 * of `page`'s clips (as the render joins them), the motion is the render's, built from all of the
 * page's clips on the page clock (pageMotionOf), and the page clock is the clip's start plus the
 * audio clock unless `pageClockMs` gives it; a clip heard on its own (an unsaved 试听) moves on
 * its own clock. `pageNumber` is 1-based (the seed). null while nothing plays.
 */
export function useStageTalk(
  timingsPath: string | null,
  clockMs: () => number,
  pageNumber: number,
  opts: { page?: Page | null; pageClockMs?: () => number } = {},
): PresenterTalk | null {
  const { page, pageClockMs } = opts;
  // The page's clips' timings files, in the order the render plays them; the heard one among them.
  const clipTimings = useMemo(() => (page ? pageClips(page).map((c) => timingsBeside(c.path)) : []), [page]);
  const at = timingsPath === null ? -1 : clipTimings.indexOf(timingsPath);
  const paths = useMemo(
    () => (timingsPath === null ? null : at >= 0 ? clipTimings : [timingsPath]),
    [timingsPath, at, clipTimings],
  );
  const key = paths ? `${paths.join('|')}#${at}` : '';
  const [heard, setHeard] = useState<Heard | null>(null);
  useEffect(() => {
    if (!paths) return;
    let live = true;
    void Promise.all(paths.map((p) => loadTimings(p))).then(
      (timings) => live && setHeard({ key, timings, at: Math.max(at, 0) }),
    );
    return () => {
      live = false;
    };
  }, [paths, key, at]);
  const known = heard && heard.key === key ? heard : null;
  return useMemo(() => {
    if (!known) return null;
    const { timeline, motion, offsetMs } = talkMotion(
      known.timings,
      at < 0 ? null : (page ?? null),
      known.at,
      pageNumber,
    );
    const pageMs =
      pageClockMs ??
      (() => {
        const ms = clockMs();
        return ms < 0 ? ms : offsetMs + ms;
      });
    return { timeline, clockMs, pageMs, blinks: motion.blinks, motion };
  }, [known, page, at, clockMs, pageClockMs, pageNumber]);
}

/**
 * The heard clip's mouth timeline and the motion the stage shows: with `page` (the heard clip is
 * clip `at` of it), the page's motion from all its clips' `timings` as the render builds it, and
 * where the heard clip starts on the page clock; without, the one clip's on its own clock.
 */
export function talkMotion(
  timings: readonly (SpeechTimings | null)[],
  page: Page | null,
  at: number,
  pageNumber: number,
): { timeline: MouthCue[]; motion: MotionTimeline; offsetMs: number } {
  const clips: MotionClip[] = timings.map((t, i) => ({
    // A whole-page clip without a timings file is as long as the page's soundTime.
    durationMs: t?.durationMs ?? (i === 0 && page && page.soundTime > 0 ? page.soundTime * 1000 : 0),
    cues: (t?.mouth ?? []) as MouthCue[],
    words: t?.words ?? [],
  }));
  const timeline = clips[at].cues as MouthCue[];
  if (!page) {
    // A clip on its own: its motion on its own clock, blinks on past its end, gestures within it.
    const motion = pageMotionOf(clips, { seed: pageNumber, durationMs: BLINK_SPAN_MS });
    const { words = [], durationMs } = clips[0];
    const gestures = gestureEvents({ words, stickersMs: [], durationMs });
    return { timeline, motion: { ...motion, gestures }, offsetMs: 0 };
  }
  const durationMs = frameAlignedMs(clips.reduce((sum, c) => sum + clipLengthMs(c.durationMs), 0));
  const stickersMs = page.textureList.map((t) => stickerStartMs(t.position, clips, durationMs, TIMELINE_FPS));
  const motion = pageMotionOf(clips, { seed: pageNumber, durationMs, stickersMs });
  return { timeline, motion, offsetMs: clipStarts(clips)[at] };
}
