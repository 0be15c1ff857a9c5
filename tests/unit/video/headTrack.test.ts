import { describe, expect, it } from 'vitest';
import { motionTimeline, poseAt, type MotionTimeline } from '../../../src/model/motion';
import { HEAD_STEP_DEG, headRuns, headTrack, type HeadRun } from '../../../src/server/video/headTrack';

/** A motion that tilts 2 degrees over a 2 s period, blinks at 1200 ms and lifts the brows at 1600 ms. */
const motion: MotionTimeline = {
  ...motionTimeline({ durationMs: 2000, seed: 1, cues: [] }),
  headX: [],
  headY: [],
  tilt: [{ amp: 2, periodMs: 2000, phase: 0 }],
  nods: [],
  blinks: [1200],
  lifts: [1600],
};
const stream = {
  fps: 25,
  frames: 50,
  offsetMs: 0,
  motion,
  cues: [
    { startMs: 0, shape: 'X' },
    { startMs: 250, shape: 'D' },
    { startMs: 600, shape: 'X' },
  ] as never,
};

/** The runs laid out again frame by frame. */
const perFrame = (runs: ReturnType<typeof headRuns>) => runs.flatMap((r) => Array(r.frames).fill(r));

describe('head track', () => {
  it('covers every frame with the tilt rounded to its step, as poseAt gives it', () => {
    const frames = perFrame(headRuns(stream));
    expect(frames).toHaveLength(50);
    for (let n = 0; n < 50; n++) {
      const tilt = poseAt(motion, n * 40).tilt;
      expect(Math.abs(frames[n].step * HEAD_STEP_DEG - tilt)).toBeLessThanOrEqual(HEAD_STEP_DEG / 2 + 1e-9);
    }
    // The steps go through the whole swing, one at a time.
    const steps = new Set(frames.map((f) => f.step));
    expect(Math.max(...steps)).toBe(8);
    expect(Math.min(...steps)).toBe(-8);
  });

  it('shows a mouth cue from the first frame at or after it and the eyes as eyeStateAt says', () => {
    const frames = perFrame(headRuns({ ...stream, brows: true }));
    // 250 ms is between frames 6 (240) and 7 (280): the D shows from frame 7; 600 ms is frame 15.
    expect(frames.map((f) => f.shape).join('')).toBe('X'.repeat(7) + 'D'.repeat(8) + 'X'.repeat(35));
    // The blink at 1200 ms: four frames, 30 to 33; the lift at 1600 ms: twelve, 40 to 49 (the end).
    expect(frames.flatMap((f, n) => (f.eyes === 'closed' ? [n] : []))).toEqual([30, 31, 32, 33]);
    expect(frames.flatMap((f, n) => (f.eyes === 'lifted' ? [n] : []))).toEqual(
      Array.from({ length: 10 }, (_, k) => 40 + k),
    );
    // A rig without a brows picture shows open eyes during the lift.
    expect(perFrame(headRuns(stream)).some((f) => f.eyes === 'lifted')).toBe(false);
  });

  it('reads the tilt on the page clock of a stream that starts later (a shot part)', () => {
    const later = headRuns({ ...stream, offsetMs: 400, frames: 10, cues: [] });
    const frames = perFrame(later);
    for (let n = 0; n < 10; n++) {
      expect(frames[n].step).toBe(Math.round(poseAt(motion, 400 + n * 40).tilt / HEAD_STEP_DEG));
    }
  });

  it('lists one file per run with its length on the frame grid and the last file twice', () => {
    const runs: HeadRun[] = [
      { step: 0, shape: 'X', eyes: 'open', frames: 3 },
      { step: 1, shape: 'X', eyes: 'open', frames: 1 },
      { step: 1, shape: 'D', eyes: 'closed', frames: 4 },
    ];
    const file = (r: HeadRun) => `/h/${r.step}_${r.shape}_${r.eyes === 'closed' ? 1 : 0}.pam`;
    expect(headTrack(runs, 25, file)).toBe(
      [
        'ffconcat version 1.0',
        "file '/h/0_X_0.pam'",
        'duration 0.120',
        "file '/h/1_X_0.pam'",
        'duration 0.040',
        "file '/h/1_D_1.pam'",
        'duration 0.160',
        "file '/h/1_D_1.pam'",
        '',
      ].join('\n'),
    );
    // At 30 fps the durations add up to whole frames without drift: 33, 34, 33 ms.
    const thirty = headTrack(
      runs.map((r) => ({ ...r, frames: 1 })),
      30,
      file,
    );
    expect(thirty.match(/duration \S+/g)).toEqual(['duration 0.033', 'duration 0.034', 'duration 0.033']);
  });
});
