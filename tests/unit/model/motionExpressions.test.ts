import { describe, expect, it } from 'vitest';
import {
  headCorner,
  headLayout,
  motionTimeline,
  pageMotionOf,
  poseAt,
  type MotionTimeline,
} from '../../../src/model/motion';
import type { MouthCue } from '../../../src/model/speech';
import { motionExpressions } from '../../../src/server/video/layers/motionExpr';

// The render's ffmpeg expressions, evaluated here with the functions ffmpeg gives them.
function evaluate(expr: string, t: number): number {
  const js = expr
    .replace(/\bPI\b/g, 'Math.PI')
    .replace(/\b(sin|cos|floor|max)\(/g, 'Math.$1(')
    .replace(/\bif\(/g, 'iff(');
  const between = (x: number, a: number, b: number) => (x >= a && x <= b ? 1 : 0);
  const lt = (a: number, b: number) => (a < b ? 1 : 0);
  const iff = (c: number, a: number, b: number) => (c ? a : b);
  return new Function('t', 'between', 'lt', 'iff', `return ${js};`)(t, between, lt, iff) as number;
}

const rig = {
  width: 800,
  height: 1400,
  head: { x: 220, y: 100, width: 360, height: 570 },
  pivot: { x: 400, y: 480 },
  mouth: { x: 340, y: 392, width: 120, height: 80 },
  eyes: { x: 316, y: 318, width: 168, height: 50 },
};
const cues: MouthCue[] = [
  { startMs: 0, shape: 'X' },
  { startMs: 200, shape: 'D' },
  { startMs: 1500, shape: 'X' },
  { startMs: 2100, shape: 'C' },
  { startMs: 3300, shape: 'X' },
];

describe('the render follows the motion timeline', () => {
  const motion = motionTimeline({ durationMs: 6000, seed: 2, cues });
  const layout = headLayout(rig, { x: 100, y: 0, width: 617, height: 1080 });

  /** The expressions put the head on the corner and turn the stage computes, on `frames` frames. */
  const expectStagePlacement = (timeline: MotionTimeline, frames: number) => {
    const expr = motionExpressions(timeline, layout, 0);
    for (let n = 0; n < frames; n++) {
      const corner = headCorner(layout, poseAt(timeline, n * 40));
      expect(evaluate(expr.x, n / 25)).toBe(corner.x);
      expect(evaluate(expr.y, n / 25)).toBe(corner.y);
      expect(evaluate(expr.angle, n / 25)).toBeCloseTo(corner.angle, 12);
    }
  };

  it('puts the head on the corner and turn the stage computes, on every frame', () => {
    expectStagePlacement(motion, 150);
  });

  it("runs the sway on each segment's own clock, eased at the joins, as the stage does", () => {
    const clip = { durationMs: 2990, cues };
    const paged = pageMotionOf([clip, clip, { durationMs: 1500, cues: [] }], { seed: 5, durationMs: 8000 });
    expect(paged.segments).toEqual([
      { startMs: 0, endMs: 3000 },
      { startMs: 3000, endMs: 6000 },
      { startMs: 6000, endMs: 8000 },
    ]);
    expectStagePlacement(paged, 200);
    // At each join the head is at rest, and the second segment moves as the first did.
    expect(Math.abs(poseAt(paged, 3000).tilt)).toBe(0);
    expect(poseAt(paged, 3000 + 1200).x).toBeCloseTo(poseAt(paged, 1200).x, 9);
  });

  it('reads a shot part on the page clock', () => {
    const expr = motionExpressions(motion, layout, 1480);
    for (let n = 0; n < 50; n++) {
      const corner = headCorner(layout, poseAt(motion, 1480 + n * 40));
      expect(evaluate(expr.y, n / 25)).toBe(corner.y);
    }
  });
});
