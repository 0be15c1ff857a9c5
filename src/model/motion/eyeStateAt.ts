import { BLINK_MS, frameStartMs } from '../speech/blinks';
import { BROW_MS } from './browLifts';
import type { MotionTimeline } from './motionTimeline';

/*
 * Which eye picture the presenter shows on a frame: open (the eyes drawn on the head), closed (the
 * blink picture) or lifted (the brows picture: eyes open, brows raised). One per frame, looked up
 * at the start of the frame as poseAt does, so the stage and the render pick the same picture.
 * A blink wins over a lift (closed eyes cannot look surprised).
 */

/** The presenter's eye picture on one frame. */
export type EyeState = 'open' | 'closed' | 'lifted';

const within = (starts: readonly number[], lengthMs: number, t: number) =>
  starts.some((start) => t >= start - 1e-6 && t < start + lengthMs - 1e-6);

/**
 * The eye state on the frame shown `ms` into the page. `liftShiftMs`: the lifts were found on a
 * clock that runs this much behind the page (the stage hears one clip at a time), as poseAt's
 * nodShiftMs; blinks are always on the page clock.
 */
export function eyeStateAt(motion: MotionTimeline, ms: number, liftShiftMs = 0): EyeState {
  const t = frameStartMs(ms, motion.fps);
  if (within(motion.blinks, BLINK_MS, t)) return 'closed';
  if (within(motion.lifts, BROW_MS, t - liftShiftMs)) return 'lifted';
  return 'open';
}

/** The eye state of every frame of the page, frame n at n / fps: what a render's eye track shows. */
export function eyeStates(motion: MotionTimeline): EyeState[] {
  const frameMs = 1000 / motion.fps;
  const frames = Math.round(motion.durationMs / frameMs);
  return Array.from({ length: frames }, (_, n) => eyeStateAt(motion, n * frameMs));
}
