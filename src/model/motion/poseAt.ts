import { BLINK_MS, frameStartMs } from '../speech/blinks';
import type { Bump, MotionSegment, MotionTimeline, Wave } from './motionTimeline';

/*
 * The presenter's pose on one frame, evaluated exactly as the render's ffmpeg expressions are
 * (motionExpressions in the server): the same terms at the same frame time.
 */

/** The head's pose: offset (natural px), tilt (degrees) and whether the eyes are closed. */
export interface Pose {
  x: number;
  y: number;
  tilt: number;
  eyesClosed: boolean;
}

/** Sum of waves at `ms`. */
export function waveSum(waves: readonly Wave[], ms: number): number {
  return waves.reduce((sum, w) => sum + w.amp * Math.sin((2 * Math.PI * ms) / w.periodMs + w.phase), 0);
}

/** Sum of bumps at `ms`. */
export function bumpSum(bumps: readonly Bump[], ms: number): number {
  let sum = 0;
  for (const b of bumps) {
    const from = b.atMs - b.spanMs / 2;
    if (ms < from || ms > from + b.spanMs) continue;
    sum += (b.amp / 2) * (1 - Math.cos((2 * Math.PI * (ms - from)) / b.spanMs));
  }
  return sum;
}

/**
 * How long the head's sway eases in at a segment's start and out at its end: at every segment
 * join it passes through the rest pose, so a segment's pose never depends on another's length.
 */
export const SEGMENT_EASE_MS = 400;

/** Eases from 0 to 1 over SEGMENT_EASE_MS (raised cosine). */
export function easeIn(ms: number): number {
  if (ms >= SEGMENT_EASE_MS) return 1;
  return (1 - Math.cos((Math.PI * Math.max(0, ms)) / SEGMENT_EASE_MS)) / 2;
}

/**
 * The segment a frame at page time `t` (a frame start) is in, half a frame's tolerance at its
 * start, as the render's expressions compare: the time into it and the sway's weight there.
 */
export function segmentClock(
  segments: readonly MotionSegment[],
  t: number,
  fps = 25,
): { localMs: number; weight: number } {
  const half = 500 / fps;
  let at = segments[0];
  for (const s of segments) if (t >= s.startMs - half) at = s;
  if (!at) return { localMs: t, weight: 1 };
  const localMs = t - at.startMs;
  return { localMs, weight: easeIn(localMs) * easeIn(at.endMs - at.startMs - localMs) };
}

/**
 * The pose on the frame shown `ms` into the page. `nodShiftMs`: the nods were found on a clock
 * that runs this much behind the page (the stage hears one segment's clip at a time).
 */
export function poseAt(motion: MotionTimeline, ms: number, nodShiftMs = 0): Pose {
  const t = frameStartMs(ms, motion.fps);
  const { localMs, weight } = segmentClock(motion.segments, t, motion.fps);
  return {
    x: weight * waveSum(motion.headX, localMs),
    y: weight * waveSum(motion.headY, localMs) + bumpSum(motion.nods, t - nodShiftMs),
    tilt: weight * waveSum(motion.tilt, localMs),
    eyesClosed: motion.blinks.some((start) => t >= start - 1e-6 && t < start + BLINK_MS - 1e-6),
  };
}

/**
 * Where a point of the head (natural px) lands for a pose: turned by the tilt about `pivot`, then
 * moved by the offset. The stage and the render place the head sprite with it.
 */
export function movedPoint(pose: Pose, pivot: { x: number; y: number }, point: { x: number; y: number }) {
  const a = (pose.tilt * Math.PI) / 180;
  const dx = point.x - pivot.x;
  const dy = point.y - pivot.y;
  return {
    x: pivot.x + dx * Math.cos(a) - dy * Math.sin(a) + pose.x,
    y: pivot.y + dx * Math.sin(a) + dy * Math.cos(a) + pose.y,
  };
}
