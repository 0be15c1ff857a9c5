import type { MouthCue } from '../speech';
import type { TimedWord } from '../speech/timedWord';
import { motionTimeline, type Bump, type MotionTimeline } from './motionTimeline';

/*
 * The presenter's motion on a whole page, from its narration clips as they play one after another.
 * The render (server/video/speaking.ts) and the stage (useStageTalk) both build it here from the
 * same clips, so a page with several clips nods, lifts its brows and gestures at the same page
 * times on both sides, whichever clip the stage is hearing.
 *
 * Each clip is a segment with a clock of its own (issue 15): it lasts whole frames (its sound is
 * padded to the next frame), and what the presenter does in it depends on that clip alone, not on
 * how long the clips before it are. So a render can encode a page's segments apart, and editing one
 * segment's narration leaves the frames of the others as they were: they come from the page cache.
 */

/** One narration clip of a page as the motion reads it: its length, mouth cues and words (own clock). */
export interface MotionClip {
  durationMs: number;
  cues: readonly MouthCue[];
  words?: readonly TimedWord[];
}

/** How long a clip lasts on the page: its sound rounded up to whole frames (the rest is silence). */
export function clipLengthMs(durationMs: number, fps = 25): number {
  const frameMs = 1000 / fps;
  return Math.ceil(Math.round((Math.max(0, durationMs) / frameMs) * 1e6) / 1e6) * frameMs;
}

/** Where each clip starts on the page clock (on a frame: every clip before it lasts whole frames). */
export function clipStarts(clips: readonly { durationMs: number }[], fps = 25): number[] {
  let at = 0;
  return clips.map((clip) => {
    const start = at;
    at += clipLengthMs(clip.durationMs, fps);
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
  const spoken = clips.slice(0, before).reduce((sum, c) => sum + clipLengthMs(c.durationMs, fps), 0);
  const afterLast = clips.length > 0 && Math.round(position) > clips.length;
  const ms = afterLast ? Math.max(0, Math.min(spoken, durationMs - END_STICKER_MS)) : spoken;
  const frameMs = 1000 / fps;
  return Math.min(Math.round(ms / frameMs) * frameMs, durationMs);
}

/** The blink seed of a page's segment `k` (0-based): the page's own for the first. */
export const segmentSeed = (seed: number, k: number) => (k === 0 ? seed : seed * 1009 + k);

/** A bump moved inside [0, lengthMs] if it would reach past an end: it is never cut at a join. */
function insideSegment(bump: Bump, lengthMs: number): Bump {
  const half = bump.spanMs / 2;
  if (lengthMs < bump.spanMs) return bump;
  return { ...bump, atMs: Math.min(Math.max(bump.atMs, half), lengthMs - half) };
}

/**
 * The page's motion: `seed` the 1-based page number, `durationMs` the page's length, `stickersMs`
 * when stickers appear after the page start (the presenter points towards the slide). Each clip
 * is a segment on its own clock (the last one runs on to the page end); `firstSegment` is the
 * place of the first clip among the page's (a render of a page's later segments on their own).
 */
export function pageMotionOf(
  clips: readonly MotionClip[],
  page: {
    seed: number;
    durationMs: number;
    fps?: number;
    stickersMs?: readonly number[];
    firstSegment?: number;
  },
): MotionTimeline {
  const fps = page.fps ?? 25;
  const first = page.firstSegment ?? 0;
  const starts = clips.length ? clipStarts(clips, fps) : [0];
  const ends = starts.map((_, k) => (k + 1 < starts.length ? starts[k + 1] : page.durationMs));
  // Stickers at the page start are there from the first frame: only later ones make a gesture
  // (in a page's later segments rendered on their own, those at the first one's start, 0, too;
  // those shown since before it start below 0).
  const stickersMs = (page.stickersMs ?? []).filter((ms) => ms > 0 || (first > 0 && ms === 0));
  const parts = starts.map((startMs, k) => {
    const lengthMs = Math.max(0, ends[k] - startMs);
    const motion = motionTimeline({
      durationMs: lengthMs,
      seed: page.seed,
      blinkSeed: segmentSeed(page.seed, first + k),
      cues: clips[k]?.cues ?? [],
      fps,
      words: clips[k]?.words ?? [],
      stickersMs: stickersMs
        .filter((ms) => ms >= startMs && (ms < ends[k] || k === starts.length - 1))
        .map((ms) => ms - startMs),
    });
    return { startMs, lengthMs, motion };
  });
  const shifted = <T>(list: (p: (typeof parts)[number]) => T[], at: (item: T, ms: number) => T) =>
    parts.flatMap((p) => list(p).map((item) => at(item, p.startMs)));
  const { headX, headY, tilt } = parts[0].motion;
  return {
    fps,
    durationMs: page.durationMs,
    segments: parts.map((p) => ({ startMs: p.startMs, endMs: p.startMs + p.lengthMs })),
    headX,
    headY,
    tilt,
    nods: shifted(
      (p) => p.motion.nods.map((n) => insideSegment(n, p.lengthMs)),
      (n, ms) => ({ ...n, atMs: n.atMs + ms }),
    ),
    blinks: shifted(
      (p) => p.motion.blinks,
      (b, ms) => b + ms,
    ),
    lifts: shifted(
      (p) => p.motion.lifts,
      (l, ms) => l + ms,
    ),
    gestures: shifted(
      (p) => p.motion.gestures,
      (g, ms) => ({ ...g, startMs: g.startMs + ms }),
    ),
  };
}
