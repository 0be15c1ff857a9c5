import { describe, expect, it } from 'vitest';
import { motionTimeline, poseAt, sentenceEnds, type MotionInput } from '../../../src/model/motion';
import { blinkTimes, eyesClosedAt, type MouthCue } from '../../../src/model/speech';

// Two sentences: speech 0.3-2.1 s, pause, speech 2.6-4.37 s, rest to the end.
const cues: MouthCue[] = [
  { startMs: 0, shape: 'X' },
  { startMs: 300, shape: 'B' },
  { startMs: 700, shape: 'D' },
  { startMs: 1200, shape: 'X' }, // a short gap between words: not a sentence end
  { startMs: 1350, shape: 'C' },
  { startMs: 2100, shape: 'X' },
  { startMs: 2600, shape: 'E' },
  { startMs: 3300, shape: 'A' },
  { startMs: 4370, shape: 'X' },
];
const input: MotionInput = { durationMs: 9000, seed: 3, cues };
const frames = (ms: number) => Array.from({ length: Math.round(ms / 40) }, (_, n) => n * 40);

describe('presenter motion timeline', () => {
  it('is the same for the same page and differs between pages', () => {
    expect(motionTimeline(input)).toEqual(motionTimeline({ ...input, cues: [...cues] }));
    expect(motionTimeline({ ...input, seed: 4 }).headX).not.toEqual(motionTimeline(input).headX);
  });

  it('finds the sentence ends in the mouth cues, not the short gaps between words', () => {
    expect(sentenceEnds(cues, 9000)).toEqual([2100, 4370]);
  });

  it('nods within a frame of every sentence end', () => {
    const motion = motionTimeline(input);
    const rest = motionTimeline({ ...input, cues: [] });
    for (const end of [2100, 4370]) {
      const window = frames(9000).filter((t) => Math.abs(t - end) <= 400);
      const dip = (t: number) => poseAt(motion, t).y - poseAt(rest, t).y;
      const deepest = window.reduce((best, t) => (dip(t) > dip(best) ? t : best));
      expect(Math.abs(deepest - end)).toBeLessThanOrEqual(40);
      expect(dip(deepest)).toBeGreaterThan(6);
    }
    // No nod far from a sentence end.
    expect(poseAt(motion, 6000).y).toBeCloseTo(poseAt(rest, 6000).y, 9);
  });

  it('moves the head while speaking and at rest: never frozen for a second', () => {
    const motion = motionTimeline(input);
    for (const from of [500, 3000, 6000, 8000]) {
      const a = poseAt(motion, from);
      const b = poseAt(motion, from + 1000);
      const moved = Math.hypot(a.x - b.x, a.y - b.y) + Math.abs(a.tilt - b.tilt) * 10;
      expect(moved).toBeGreaterThan(0.5);
    }
  });

  it('stays small: a few pixels and a few degrees', () => {
    const motion = motionTimeline(input);
    for (const t of frames(9000)) {
      const p = poseAt(motion, t);
      expect(Math.abs(p.x)).toBeLessThan(7);
      expect(Math.abs(p.y)).toBeLessThan(14);
      expect(Math.abs(p.tilt)).toBeLessThan(3);
    }
  });

  it('holds one pose per frame, whatever the clock reads inside the frame', () => {
    const motion = motionTimeline(input);
    expect(poseAt(motion, 1000)).toEqual(poseAt(motion, 1039.9));
    expect(poseAt(motion, 1000)).not.toEqual(poseAt(motion, 1040));
  });

  it('blinks on whole frames with the one pattern the stage and the render read', () => {
    const motion = motionTimeline(input);
    expect(motion.blinks).toEqual(blinkTimes(9000, 3));
    for (const at of motion.blinks) expect(at % 40).toBe(0);
    const closed = frames(9000).filter((t) => poseAt(motion, t + 17).eyesClosed);
    expect(closed).toEqual(frames(9000).filter((t) => eyesClosedAt(motion.blinks, t + 33)));
    // Four frames per blink.
    expect(closed.length).toBe(motion.blinks.length * 4);
  });
});
