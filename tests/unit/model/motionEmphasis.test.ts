import { describe, expect, it } from 'vitest';
import {
  BROW_GAP_MS,
  BROW_MS,
  browLifts,
  clausesOf,
  EMPHASIS_NOD_PX,
  eyeStateAt,
  eyeStates,
  motionTimeline,
  NOD_MS,
  NOD_PX,
  poseAt,
  sentenceEnds,
  type MotionInput,
} from '../../../src/model/motion';
import type { MouthCue } from '../../../src/model/speech';

// Sentence 1 (0.3-3.1 s) has two clauses split by a comma pause: "B C D(long) B" and "C B E";
// sentence 2 (3.9-6.0 s) is one clause whose stress is the long E; then rest.
const cues: MouthCue[] = [
  { startMs: 0, shape: 'X' },
  { startMs: 300, shape: 'B' },
  { startMs: 420, shape: 'C' },
  { startMs: 560, shape: 'D' }, // 360 ms wide open: the stress of clause 1
  { startMs: 920, shape: 'B' },
  { startMs: 1100, shape: 'X' }, // 60 ms: a gap between words, not a clause break
  { startMs: 1160, shape: 'C' },
  { startMs: 1400, shape: 'X' }, // 200 ms: a comma
  { startMs: 1600, shape: 'C' },
  { startMs: 1800, shape: 'B' },
  { startMs: 2000, shape: 'E' },
  { startMs: 2300, shape: 'A' },
  { startMs: 3100, shape: 'X' }, // sentence end
  { startMs: 3900, shape: 'B' },
  { startMs: 4000, shape: 'E' }, // 400 ms rounded (0.78 x 400 = 312)
  { startMs: 4400, shape: 'C' }, // 200 ms open (0.61 x 200 = 122)
  { startMs: 4600, shape: 'F' },
  { startMs: 6000, shape: 'X' },
];
const input: MotionInput = { durationMs: 12_000, seed: 5, cues };
const frames = (ms: number) => Array.from({ length: Math.round(ms / 40) }, (_, n) => n * 40);

describe('emphasis: the stressed syllable of each clause', () => {
  it('splits clauses at rests of 120 ms or more and picks the widest, longest-held open shape', () => {
    expect(clausesOf(cues, 12_000)).toEqual([
      { startMs: 300, endMs: 1400, stressMs: 560 },
      { startMs: 1600, endMs: 3100, stressMs: 2000 },
      { startMs: 3900, endMs: 6000, stressMs: 4000 },
    ]);
  });

  it('gives short clauses and clauses without an open syllable no stress', () => {
    const short: MouthCue[] = [
      { startMs: 0, shape: 'D' },
      { startMs: 500, shape: 'X' },
    ];
    expect(clausesOf(short, 2000)).toEqual([{ startMs: 0, endMs: 500, stressMs: null }]);
    const closed: MouthCue[] = [
      { startMs: 0, shape: 'B' },
      { startMs: 400, shape: 'A' },
      { startMs: 800, shape: 'F' },
      { startMs: 1200, shape: 'X' },
    ];
    expect(clausesOf(closed, 2000)[0].stressMs).toBeNull();
  });
});

describe('emphasis nods', () => {
  const motion = motionTimeline(input);
  const ends = sentenceEnds(cues, 12_000);

  it('adds a shallower nod just after the stress, clear of the sentence-end nods', () => {
    expect(ends).toEqual([3100, 6000]);
    const beats = motion.nods.filter((n) => n.amp === EMPHASIS_NOD_PX);
    // Clause 1 at 560 + 80; clause 2's stress (2080) is less than 2 s after it: dropped; clause
    // 3's (4080) is 960 ms after the sentence-end nod: kept. Each on a frame boundary.
    expect(beats.map((n) => n.atMs)).toEqual([640, 4080]);
    expect(motion.nods.filter((n) => n.amp === NOD_PX).map((n) => n.atMs)).toEqual([3120, 6000]);
    for (const beat of beats) {
      for (const end of ends) expect(Math.abs(beat.atMs - end)).toBeGreaterThanOrEqual(NOD_MS);
    }
    expect(motion.nods.map((n) => n.atMs)).toEqual([...motion.nods.map((n) => n.atMs)].sort((a, b) => a - b));
  });

  it('dips the head at the stress: the pose with the nods is lower there than without', () => {
    const rest = { ...motion, nods: motion.nods.filter((n) => n.amp === NOD_PX) };
    const dip = (t: number) => poseAt(motion, t).y - poseAt(rest, t).y;
    expect(dip(640)).toBeCloseTo(EMPHASIS_NOD_PX, 6);
    expect(dip(640 - 240)).toBe(0);
    expect(dip(4080)).toBeCloseTo(EMPHASIS_NOD_PX, 6);
  });

  it('keeps emphasis nods two seconds apart and a nod away from a sentence end', () => {
    const crowded: MouthCue[] = [
      { startMs: 0, shape: 'D' },
      { startMs: 800, shape: 'X' },
      { startMs: 1000, shape: 'D' }, // stress 1000: within 2 s of the first
      { startMs: 1800, shape: 'X' },
      { startMs: 2000, shape: 'B' },
      { startMs: 2400, shape: 'D' }, // stress 2400 -> 2480: 320 ms before the sentence end at 2800
      { startMs: 2800, shape: 'X' },
    ];
    const m = motionTimeline({ durationMs: 6000, seed: 1, cues: crowded });
    expect(m.nods.filter((n) => n.amp === EMPHASIS_NOD_PX).map((n) => n.atMs)).toEqual([80]);
  });
});

describe('eyebrow lifts and the eye state', () => {
  const motion = motionTimeline(input);

  it('lifts at the first words and after a long pause, a few per page, on frame boundaries', () => {
    // Clause 1 starts the page (300 - 80); clause 2 follows a 200 ms comma: its stress (2000 - 80)
    // is within 3.5 s of the first lift; clause 3 starts a new point after an 800 ms pause (3820).
    // This page's blinks (seed 5) do not fall on either.
    expect(motion.blinks.filter((b) => b < 4400)).toEqual([1200]);
    expect(motion.lifts).toEqual([240, 3840]);
    for (const at of motion.lifts) expect(at % 40).toBe(0);
    for (let i = 1; i < motion.lifts.length; i++)
      expect(motion.lifts[i] - motion.lifts[i - 1]).toBeGreaterThanOrEqual(BROW_GAP_MS);
  });

  it('never lifts during a blink, and skips a lift that would overlap one', () => {
    const m = motionTimeline(input);
    const withBlink = { ...m, blinks: [3720] };
    expect(eyeStateAt(withBlink, 3740)).toBe('closed');
    // A lift that would overlap a blink is dropped; the next candidate may take its place.
    const newPoint = [{ startMs: 1000, endMs: 2000, stressMs: null }];
    expect(browLifts(newPoint, [], 5000, 25)).toEqual([920]);
    expect(browLifts(newPoint, [1360], 5000, 25)).toEqual([]);
    expect(browLifts(newPoint, [1400], 5000, 25)).toEqual([920]);
    expect(browLifts(newPoint, [800], 5000, 25)).toEqual([]);
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const s = motionTimeline({ ...input, seed });
      for (const lift of s.lifts)
        for (const b of s.blinks) expect(b >= lift + BROW_MS || lift >= b + 160).toBe(true);
    }
  });

  it('shows open, closed and lifted frames: blinks win, lifts last twelve frames', () => {
    const states = eyeStates(motion);
    expect(states.length).toBe(300);
    expect(states.filter((s) => s === 'closed').length).toBe(motion.blinks.length * 4);
    expect(states.filter((s) => s === 'lifted').length).toBe(motion.lifts.length * 12);
    const lift = motion.lifts[0];
    expect(eyeStateAt(motion, lift - 1)).toBe('open');
    expect(eyeStateAt(motion, lift)).toBe('lifted');
    expect(eyeStateAt(motion, lift + BROW_MS - 1)).toBe('lifted');
    expect(eyeStateAt(motion, lift + BROW_MS)).toBe('open');
    // One state per frame, whatever the clock reads inside it; a blink over a lift shows closed.
    expect(eyeStateAt(motion, lift + 39.9)).toBe(eyeStateAt(motion, lift));
    expect(eyeStateAt({ ...motion, blinks: [lift + 80] }, lift + 100)).toBe('closed');
    // A clip heard 1 s into the page: its lifts are on the clip clock.
    expect(eyeStateAt({ ...motion, blinks: [] }, lift + 1000, 1000)).toBe('lifted');
    for (const t of frames(12_000)) expect(['open', 'closed', 'lifted']).toContain(eyeStateAt(motion, t));
  });
});
