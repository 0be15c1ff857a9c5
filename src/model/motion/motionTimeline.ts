import { blinkTimes } from '../speech/blinks';
import type { MouthCue } from '../speech/mouthTimeline';
import type { TimedWord } from '../speech/timedWord';
import { browLifts } from './browLifts';
import { clausesOf } from './emphasis';
import { gestureEvents, type Gesture } from './gestures';
import { seededRandom } from './seededRandom';
import { sentenceEnds } from './sentenceEnds';

/*
 * The presenter's motion on one page as plain data: a few slow sine waves (breathing, the head's
 * small turns and tilts), a nod at every sentence end, a smaller one on stressed syllables
 * (emphasis.ts), the blinks, the eyebrow lifts (browLifts.ts) and the hand gestures (gestures.ts).
 * It is pure and seeded by the page number, so the same project moves the same way on the stage
 * and in every render. The render turns the same terms into ffmpeg expressions and the stage
 * evaluates them per frame, both at frame times (poseAt), so both show the same pose on the same
 * frame.
 *
 * Distances are in the rig's natural pixels (body.png of a built-in presenter, 800 x 1400) and
 * angles in degrees; whoever draws the presenter scales them by its box.
 */

/** `amp * sin(2π t / periodMs + phase)`. */
export interface Wave {
  amp: number;
  periodMs: number;
  phase: number;
}

/** A raised-cosine bump of height `amp` peaking at `atMs`, zero outside atMs ± spanMs / 2. */
export interface Bump {
  atMs: number;
  spanMs: number;
  amp: number;
}

/** A stretch of the page on a clock of its own (one narration clip, pageMotion.ts). */
export interface MotionSegment {
  startMs: number;
  endMs: number;
}

/** Everything a page's presenter does besides the mouth. */
export interface MotionTimeline {
  fps: number;
  durationMs: number;
  /**
   * The page's segments, in order, covering it: the waves below run on each segment's own clock
   * and ease in and out at its ends (poseAt), so no segment's pose depends on another's length.
   */
  segments: MotionSegment[];
  /** Head offset right (natural px). */
  headX: Wave[];
  /** Head offset down (natural px): the breath and a slow sway. */
  headY: Wave[];
  /** Head tilt, clockwise degrees, about the rig's neck pivot. */
  tilt: Wave[];
  /** Nods: the head dips (down, natural px) at sentence ends and on emphasis, in time order. */
  nods: Bump[];
  /** Blink start times (ms, on frame boundaries), from the one blink pattern. */
  blinks: number[];
  /** Eyebrow lift start times (ms, on frame boundaries); each lasts BROW_MS. */
  lifts: number[];
  /** Hand gestures (gestures.ts), on the clock of the words they come from, as the nods. */
  gestures: Gesture[];
}

/** What the presenter's motion depends on. */
export interface MotionInput {
  durationMs: number;
  /** The 1-based page number (the seed, as for blinks). */
  seed: number;
  /** The page's mouth cues on the page clock (sentence ends come from them). */
  cues: readonly MouthCue[];
  fps?: number;
  /** The narration's timed words (TTS) on the same clock: pointing and open-palm gestures. */
  words?: readonly TimedWord[];
  /** When stickers appear, on the same clock: the presenter points towards the slide. */
  stickersMs?: readonly number[];
  /** Seeds the blinks instead of `seed` (a page's later segments blink on patterns of their own). */
  blinkSeed?: number;
}

/** One breath (the head rises and falls with it). */
export const BREATH_MS = 4000;
/** How deep a nod dips, natural px. */
export const NOD_PX = 9;
/** How long a nod lasts, down and up again. */
export const NOD_MS = 560;
/** An emphasis nod: a quicker, shallower beat on the stressed syllable. */
export const EMPHASIS_NOD_PX = 6;
export const EMPHASIS_NOD_MS = 440;
/** The beat's lowest point comes this long after the stressed syllable's onset (in its vowel). */
export const EMPHASIS_DELAY_MS = 80;
/** Emphasis nods keep at least this far from any other nod (no two nods run into each other). */
export const EMPHASIS_GAP_MS = 2000;

/** Emphasis nods at the clauses' stresses, clear of the sentence-end nods and of each other. */
function emphasisNods(stresses: readonly number[], ends: readonly number[], frameMs: number): Bump[] {
  const nods: Bump[] = [];
  for (const stress of stresses) {
    const atMs = Math.round((stress + EMPHASIS_DELAY_MS) / frameMs) * frameMs;
    if (ends.some((end) => Math.abs(end - atMs) < NOD_MS)) continue;
    if (nods.length > 0 && atMs - nods[nods.length - 1].atMs < EMPHASIS_GAP_MS) continue;
    nods.push({ atMs, spanMs: EMPHASIS_NOD_MS, amp: EMPHASIS_NOD_PX });
  }
  return nods;
}

/** The motion of one stretch on its own clock (a page of one segment), the same for the same input. */
export function motionTimeline(input: MotionInput): MotionTimeline {
  const fps = input.fps ?? 25;
  const random = seededRandom(input.seed * 7919 + 17);
  const wave = (amp: number, minMs: number, maxMs: number): Wave => ({
    amp,
    periodMs: Math.round(minMs + random() * (maxMs - minMs)),
    phase: Math.round(random() * 2 * Math.PI * 1000) / 1000,
  });
  const frameMs = 1000 / fps;
  const endNods = sentenceEnds(input.cues, input.durationMs).map((end) => ({
    atMs: Math.round(end / frameMs) * frameMs,
    spanMs: NOD_MS,
    amp: NOD_PX,
  }));
  const clauses = clausesOf(input.cues, input.durationMs);
  const stresses = clauses.flatMap((c) => (c.stressMs === null ? [] : [c.stressMs]));
  const beats = emphasisNods(
    stresses,
    endNods.map((n) => n.atMs),
    frameMs,
  );
  const nods = [...endNods, ...beats].sort((a, b) => a.atMs - b.atMs);
  const blinks = blinkTimes(input.durationMs, input.blinkSeed ?? input.seed);
  return {
    fps,
    durationMs: input.durationMs,
    segments: [{ startMs: 0, endMs: input.durationMs }],
    headX: [wave(4, 5200, 7800), wave(1.5, 2600, 3600)],
    headY: [{ amp: 1.6, periodMs: BREATH_MS, phase: 0 }, wave(1, 6100, 8300)],
    tilt: [wave(1.8, 5600, 8800), wave(0.7, 3000, 4200)],
    nods,
    blinks,
    lifts: browLifts(clauses, blinks, input.durationMs, fps),
    gestures: gestureEvents({
      words: input.words ?? [],
      stickersMs: input.stickersMs ?? [],
      durationMs: input.durationMs,
      fps,
    }),
  };
}
