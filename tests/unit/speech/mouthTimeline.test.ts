import { describe, expect, it } from 'vitest';
import { mouthTimeline, shapeAt, type MouthCue, type PhonemeTiming } from '../../../src/model/speech';

const p = (phoneme: string, startMs: number, endMs: number): PhonemeTiming => ({ phoneme, startMs, endMs });
const cues = (list: [number, string][]): MouthCue[] =>
  list.map(([startMs, shape]) => ({ startMs, shape }) as MouthCue);

describe('mouthTimeline', () => {
  it('is a single rest cue for silence', () => {
    expect(mouthTimeline([], 1000)).toEqual(cues([[0, 'X']]));
    expect(mouthTimeline([], 0)).toEqual(cues([[0, 'X']]));
  });

  it('rests before, after and in long pauses; splits diphthongs', () => {
    // 你好 (eSpeak cmn): n i χ ˈɑu, then a pause, then "ma".
    const phonemes = [
      p('n', 40, 130),
      p('i', 130, 214),
      p('χ', 214, 332),
      p('ˈɑu', 332, 582),
      p('m', 800, 880),
      p('a', 880, 1000),
    ];
    expect(mouthTimeline(phonemes, 1200)).toEqual(
      cues([[0, 'X'], [40, 'B'], [332, 'D'], [457, 'F'], [582, 'X'], [800, 'A'], [880, 'D'], [1000, 'X']]),
    ); // prettier-ignore
  });

  it('bridges short gaps between syllables instead of resting', () => {
    const phonemes = [p('t', 38, 59), p('ˈɑ', 59, 198), p('tɕ', 237, 316), p('ˈiɑ', 316, 451)];
    expect(mouthTimeline(phonemes, 600)).toEqual(
      cues([[0, 'X'], [38, 'B'], [98, 'D'], [237, 'B'], [384, 'D'], [451, 'X']]),
    ); // prettier-ignore
    expect(mouthTimeline(phonemes, 600, { minRestMs: 30 })).toEqual(
      cues([[0, 'X'], [38, 'B'], [98, 'D'], [198, 'X'], [258, 'B'], [384, 'D'], [451, 'X']]),
    ); // prettier-ignore
  });

  it('holds every shape at least minHoldMs, dropping shapes that would be swallowed', () => {
    // p (20 ms) is held 60 ms and delays ɛ; the 10 ms "l" after it disappears entirely.
    const phonemes = [p('p', 100, 120), p('ˈɛ', 120, 200), p('l', 200, 210), p('ˈoʊ', 210, 400)];
    expect(mouthTimeline(phonemes, 500)).toEqual(
      cues([
        [0, 'X'],
        [100, 'A'],
        [160, 'C'],
        [220, 'E'],
        [305, 'F'],
        [400, 'X'],
      ]),
    );
    expect(mouthTimeline(phonemes, 500, { minHoldMs: 0 })).toEqual(
      cues([[0, 'X'], [100, 'A'], [120, 'C'], [200, 'H'], [210, 'E'], [305, 'F'], [400, 'X']]),
    ); // prettier-ignore
  });

  it('merges repeated shapes and starts with the sound when speech starts at 0', () => {
    const phonemes = [p('t', 0, 50), p('s', 50, 120), p('ˈiː', 120, 300)];
    expect(mouthTimeline(phonemes, 300)).toEqual(
      cues([
        [0, 'B'],
        [300, 'X'],
      ]),
    );
  });

  it('clamps phonemes to the duration and always ends at rest', () => {
    const phonemes = [p('m', 0, 100), p('ˈɑ', 100, 900)];
    expect(mouthTimeline(phonemes, 500)).toEqual(
      cues([
        [0, 'A'],
        [100, 'D'],
        [500, 'X'],
      ]),
    );
  });

  it('accepts phonemes out of order and ignores empty ones', () => {
    const phonemes = [p('ˈɑ', 100, 300), p('m', 50, 100), p('', 300, 400), p('b', 250, 250)];
    expect(mouthTimeline(phonemes, 500)).toEqual(
      cues([
        [0, 'X'],
        [50, 'A'],
        [110, 'D'],
        [300, 'X'],
      ]),
    );
  });
});

describe('shapeAt', () => {
  const timeline = cues([
    [0, 'X'],
    [40, 'B'],
    [332, 'D'],
    [582, 'X'],
  ]);
  it('finds the cue in force at a time', () => {
    expect([0, 39, 40, 331, 332, 581, 582, 10_000].map((ms) => shapeAt(timeline, ms))).toEqual([
      'X', 'X', 'B', 'B', 'D', 'D', 'X', 'X',
    ]); // prettier-ignore
  });
  it('is rest before the first cue and for an empty timeline', () => {
    expect(shapeAt(timeline, -5)).toBe('X');
    expect(shapeAt([], 100)).toBe('X');
  });
});
