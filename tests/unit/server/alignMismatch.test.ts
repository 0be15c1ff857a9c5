import { describe, expect, it } from 'vitest';
import { stallShare } from '../../../src/server/adapters/media/alignMismatch';

/** A path from steps: 'd' diagonal, 'r' the recording moves on alone, 'f' the reference alone. */
function path(steps: string) {
  const a = [0];
  const b = [0];
  for (const s of steps) {
    a.push(a[a.length - 1] + (s === 'r' ? 0 : 1));
    b.push(b[b.length - 1] + (s === 'f' ? 0 : 1));
  }
  return { a: Int32Array.from(a), b: Int32Array.from(b) };
}
const allSpeech = [{ startMs: 0, endMs: 100_000 }];

describe('stallShare', () => {
  it('is 0 on the diagonal and for short stretches of a word spoken slower', () => {
    expect(stallShare(path('d'.repeat(200)), allSpeech, [])).toBe(0);
    expect(stallShare(path('ddrrrddfffdd'.repeat(20)), allSpeech, [])).toBe(0);
  });

  it('counts the steps in stalls of 10 frames or more', () => {
    const p = path('d'.repeat(100) + 'r'.repeat(50) + 'd'.repeat(50));
    expect(stallShare(p, allSpeech, [])).toBeCloseTo(49 / 201, 2);
  });

  it('leaves out stalls where the recording pauses or the reference is between words', () => {
    const p = path('d'.repeat(100) + 'r'.repeat(50) + 'd'.repeat(50));
    // The stall sits at recording frames 100-150 (1000-1500 ms): a pause there is not a mismatch.
    expect(stallShare(p, allSpeech, [{ startMs: 990, endMs: 1510 }])).toBe(0);
    // The reference's frame 100 (1000 ms) is outside its words.
    expect(
      stallShare(
        p,
        [
          { startMs: 0, endMs: 990 },
          { startMs: 1010, endMs: 100_000 },
        ],
        [],
      ),
    ).toBe(0);
  });
});
