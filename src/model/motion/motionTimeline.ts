import { blinkTimes } from '../speech/blinks';
import type { MouthCue } from '../speech/mouthTimeline';
import { seededRandom } from './seededRandom';
import { sentenceEnds } from './sentenceEnds';

/*
 * The presenter's motion on one page as plain data: a few slow sine waves (breathing, the head's
 * small turns and tilts), a nod at every sentence end and the blinks. It is pure and seeded by the
 * page number, so the same project moves the same way on the stage and in every render. The render
 * turns the same terms into ffmpeg expressions and the stage evaluates them per frame, both at
 * frame times (poseAt), so both show the same pose on the same frame.
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

/** Everything a page's presenter does besides the mouth. */
export interface MotionTimeline {
  fps: number;
  durationMs: number;
  /** Head offset right (natural px). */
  headX: Wave[];
  /** Head offset down (natural px): the breath and a slow sway. */
  headY: Wave[];
  /** Head tilt, clockwise degrees, about the rig's neck pivot. */
  tilt: Wave[];
  /** Nods: the head dips (down, natural px) at sentence ends. */
  nods: Bump[];
  /** Blink start times (ms, on frame boundaries), from the one blink pattern. */
  blinks: number[];
}

/** What the presenter's motion depends on. */
export interface MotionInput {
  durationMs: number;
  /** The 1-based page number (the seed, as for blinks). */
  seed: number;
  /** The page's mouth cues on the page clock (sentence ends come from them). */
  cues: readonly MouthCue[];
  fps?: number;
}

/** One breath (the head rises and falls with it). */
export const BREATH_MS = 4000;
/** How deep a nod dips, natural px. */
export const NOD_PX = 9;
/** How long a nod lasts, down and up again. */
export const NOD_MS = 560;

/** The page's motion, the same for the same input. */
export function motionTimeline(input: MotionInput): MotionTimeline {
  const fps = input.fps ?? 25;
  const random = seededRandom(input.seed * 7919 + 17);
  const wave = (amp: number, minMs: number, maxMs: number): Wave => ({
    amp,
    periodMs: Math.round(minMs + random() * (maxMs - minMs)),
    phase: Math.round(random() * 2 * Math.PI * 1000) / 1000,
  });
  const frameMs = 1000 / fps;
  const nods = sentenceEnds(input.cues, input.durationMs).map((end) => ({
    atMs: Math.round(end / frameMs) * frameMs,
    spanMs: NOD_MS,
    amp: NOD_PX,
  }));
  return {
    fps,
    durationMs: input.durationMs,
    headX: [wave(4, 5200, 7800), wave(1.5, 2600, 3600)],
    headY: [{ amp: 1.6, periodMs: BREATH_MS, phase: 0 }, wave(1, 6100, 8300)],
    tilt: [wave(1.8, 5600, 8800), wave(0.7, 3000, 4200)],
    nods,
    blinks: blinkTimes(input.durationMs, input.seed),
  };
}
