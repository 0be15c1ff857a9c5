import type { MouthCue } from '../speech';
import type { TimedWord } from '../speech/timedWord';
import { motionTimeline, type MotionTimeline } from './motionTimeline';

/*
 * The presenter's motion on a whole page, from its narration clips as they play one after another.
 * The render (server/video/speaking.ts) and the stage (useStageTalk) both build it here from the
 * same clips, so a page with several clips nods, lifts its brows and gestures at the same page
 * times on both sides, whichever clip the stage is hearing.
 */

/** One narration clip of a page as the motion reads it: its length, mouth cues and words (own clock). */
export interface MotionClip {
  durationMs: number;
  cues: readonly MouthCue[];
  words?: readonly TimedWord[];
}

/** Where each clip starts on the page clock. */
export function clipStarts(clips: readonly { durationMs: number }[]): number[] {
  let at = 0;
  return clips.map((clip) => {
    const start = at;
    at += clip.durationMs;
    return start;
  });
}

/** The clips' mouth cues and words on the page clock. */
export function onPageClock(clips: readonly MotionClip[]): { cues: MouthCue[]; words: TimedWord[] } {
  const starts = clipStarts(clips);
  return {
    cues: clips.flatMap((clip, i) => clip.cues.map((c) => ({ ...c, startMs: c.startMs + starts[i] }))),
    words: clips.flatMap((clip, i) =>
      (clip.words ?? []).map((w) => ({ ...w, startMs: w.startMs + starts[i], endMs: w.endMs + starts[i] })),
    ),
  };
}

/**
 * How long a sticker placed after the last segment (typed text, then a sticker inserted at its
 * end) stays on screen at least: the spec's sticker duration, 1.5 s. It would otherwise appear as
 * the narration ends, which is the page's end unless a longer page video holds it: never seen.
 */
export const END_STICKER_MS = 1500;

/**
 * When the sticker at 1-based child `position` appears: the summed length of the clips before it
 * (0 or 1: the page start), in whole frames so it appears on the first frame of its segment and
 * never a frame late. Past the last clip: when the narration ends, but at least END_STICKER_MS
 * before the page does (from the page start on a shorter page).
 */
export function stickerStartMs(
  position: number,
  clips: readonly { durationMs: number }[],
  durationMs: number,
  fps: number,
): number {
  const before = Math.max(0, Math.min(clips.length, Math.round(position) - 1));
  const spoken = clips.slice(0, before).reduce((sum, c) => sum + c.durationMs, 0);
  const afterLast = clips.length > 0 && Math.round(position) > clips.length;
  const ms = afterLast ? Math.max(0, Math.min(spoken, durationMs - END_STICKER_MS)) : spoken;
  const frameMs = 1000 / fps;
  return Math.min(Math.round(ms / frameMs) * frameMs, durationMs);
}

/**
 * The page's motion: `seed` the 1-based page number, `durationMs` the page's length, `stickersMs`
 * when stickers appear after the page start (the presenter points towards the slide).
 */
export function pageMotionOf(
  clips: readonly MotionClip[],
  page: { seed: number; durationMs: number; fps?: number; stickersMs?: readonly number[] },
): MotionTimeline {
  const { cues, words } = onPageClock(clips);
  return motionTimeline({
    durationMs: page.durationMs,
    seed: page.seed,
    cues,
    fps: page.fps,
    words,
    stickersMs: (page.stickersMs ?? []).filter((ms) => ms > 0),
  });
}
