import { describe, expect, it } from 'vitest';
import {
  mouthClass,
  shapeAt,
  TTS_MIN_HOLD_MS,
  ttsMouthTimeline,
  type MouthCue,
  type PhonemeTiming,
} from '../../../src/model/speech';

const p = (phoneme: string, startMs: number, endMs: number): PhonemeTiming => ({ phoneme, startMs, endMs });
const seq = (list: [string, number, number][]) => list.map(([ph, s, e]) => p(ph, s, e));

/** 10 ms levels: `loud` (0..1 of full scale) during each phoneme, silence elsewhere. */
function levelsFor(phonemes: readonly PhonemeTiming[], durationMs: number, loud = 0.2): number[] {
  return Array.from({ length: Math.ceil(durationMs / 10) }, (_, i) =>
    phonemes.some((q) => q.startMs <= i * 10 + 5 && i * 10 + 5 < q.endMs) ? loud : 0,
  );
}

const timeline = (phonemes: PhonemeTiming[], durationMs: number, levels = levelsFor(phonemes, durationMs)) =>
  ttsMouthTimeline(phonemes, durationMs, levels);

/** Shape shown in the middle of each phoneme. */
const middles = (t: MouthCue[], phonemes: PhonemeTiming[]) =>
  phonemes.map((q) => shapeAt(t, (q.startMs + q.endMs) / 2)).join('');

/** Lengths of all cues but the last (which lasts until the page ends). */
const lengths = (t: MouthCue[]) => t.slice(0, -1).map((c, i) => t[i + 1].startMs - c.startMs);

// Phoneme timings as eSpeak NG's Mandarin voice gives them (see tests/server/media/tts.test.ts).
const MAMA = seq([['m', 0, 78], ['ɑ', 78, 165], ['m', 165, 226], ['ɑ', 226, 309]]); // prettier-ignore
const WOMEN = seq([['w', 0, 89], ['ˈo', 89, 195], ['m', 195, 268], ['ə', 268, 317], ['n', 317, 397]]); // prettier-ignore
const SENTENCE = seq([
  ['tɕ', 38, 118], ['ˈi', 118, 243], ['n', 243, 333], ['th', 372, 417], ['ˈiɛ', 417, 539], ['n', 539, 627],
  ['w', 627, 717], ['ˈo', 717, 822], ['m', 822, 895], ['ə', 895, 941], ['n', 941, 1019], ['l', 1019, 1100],
  ['ˈai', 1100, 1205], ['tɕ', 1244, 1323], ['ˈiɛ', 1323, 1463], ['s.', 1475, 1566], ['ˈɑu', 1566, 1712],
  ['p', 3719, 3749], ['ˈɑ', 3749, 3886], ['tɕ', 3925, 4004], ['ˈiɑ', 4004, 4147], ['ŋ', 4147, 4230],
  ['k', 4269, 4295], ['ˈɑu', 4295, 4434], ['p', 4473, 4503], ['ˈiɛ', 4503, 4625], ['n', 4625, 4718],
]); // prettier-ignore

describe('ttsMouthTimeline: lip-sync from text-to-speech phonemes and loudness', () => {
  it('is a single rest cue for silence', () => {
    expect(ttsMouthTimeline([], 1000, [])).toEqual([{ startMs: 0, shape: 'X' }]);
    expect(ttsMouthTimeline([], 0, [])).toEqual([{ startMs: 0, shape: 'X' }]);
  });

  it('妈妈 presses the lips on each m and opens them on each a', () => {
    const t = timeline(MAMA, 700);
    expect(middles(t, MAMA)).toMatch(/^A[CD]A[CD]$/);
    expect(t.at(-1)).toMatchObject({ shape: 'X' });
  });

  it('我们 rounds the lips on wo, closes them on m and ends at rest', () => {
    const t = timeline(WOMEN, 800);
    const [w, o, m, e] = WOMEN.map((q) => shapeAt(t, (q.startMs + q.endMs) / 2));
    expect(mouthClass(w)).toBe('rounded');
    expect(mouthClass(o)).toBe('rounded');
    expect(m).toBe('A');
    expect(mouthClass(e)).toBe('open');
    expect(shapeAt(t, 600)).toBe('X');
  });

  it('rounds u and ü (F or E), spreads i, opens a wide', () => {
    const phonemes = seq([['ˈu', 0, 200], ['ˈy', 400, 600], ['ˈi', 800, 1000], ['ˈɑ', 1200, 1400]]); // prettier-ignore
    const t = timeline(phonemes, 1600);
    const [u, y, i, a] = phonemes.map((q) => shapeAt(t, (q.startMs + q.endMs) / 2));
    expect([mouthClass(u), mouthClass(y)]).toEqual(['rounded', 'rounded']);
    expect(['B', 'C']).toContain(i);
    expect(a).toBe('D');
  });

  it('holds no shape shorter than the minimum hold (two frames at 25 fps)', () => {
    for (const [phonemes, ms] of [
      [MAMA, 400],
      [WOMEN, 400],
      [SENTENCE, 5000],
    ] as const) {
      const t = timeline([...phonemes], ms);
      expect(TTS_MIN_HOLD_MS).toBe(80);
      // A first cue may be short only when closed: the lips were closed before the page began.
      const cut = ['A', 'X'].includes(t[0].shape) ? 1 : 0;
      expect(Math.min(...lengths(t).slice(cut))).toBeGreaterThanOrEqual(TTS_MIN_HOLD_MS);
    }
  });

  it('anticipates: a shape starts before its sound, by the lead', () => {
    const phonemes = seq([['th', 200, 300], ['ˈɑ', 300, 500], ['m', 600, 700], ['ˈɑ', 700, 900]]); // prettier-ignore
    const t = timeline(phonemes, 1200);
    const starts = (shape: string) => t.filter((c) => c.shape === shape).map((c) => c.startMs);
    expect(starts('D')[0]).toBe(280); // ɑ at 300, 20 ms early
    expect(starts('A')[0]).toBe(580); // m at 600
    expect(t.at(-1)).toEqual({ startMs: 880, shape: 'X' }); // rest as the voice stops
  });

  it('opens louder syllables wider: the same a, quiet then loud', () => {
    const phonemes = seq([['th', 0, 100], ['ˈɑ', 100, 400], ['th', 500, 600], ['ˈɑ', 600, 900]]); // prettier-ignore
    const levels = Array.from({ length: 100 }, (_, i) => (i < 50 ? 0.1 : 0.3));
    const t = ttsMouthTimeline(phonemes, 1000, levels);
    expect(shapeAt(t, 250)).toBe('C');
    expect(shapeAt(t, 750)).toBe('D');
  });

  it('opens an unstressed (neutral-tone) vowel less than a stressed one as loud', () => {
    const phonemes = seq([['ˈɑ', 0, 300], ['th', 400, 500], ['ˈə', 500, 800], ['th', 900, 1000], ['ə', 1000, 1300]]); // prettier-ignore
    // The page's loud speech is the ɑ; both ə are as loud as each other, and quieter.
    const levels = Array.from({ length: 140 }, (_, i) => (i < 30 ? 0.3 : i < 130 ? 0.12 : 0));
    const t = ttsMouthTimeline(phonemes, 1400, levels);
    expect(shapeAt(t, 650)).toBe('C');
    expect(shapeAt(t, 1150)).toBe('B');
  });

  it('bridges the short gaps between syllables with the next sound, rests in long ones', () => {
    const t = timeline(SENTENCE, 5000);
    expect(shapeAt(t, 350)).not.toBe('X'); // 39 ms between 今 and 天
    expect(shapeAt(t, 2500)).toBe('X'); // 2 s pause
    // Every m and p (even a 30 ms p) presses the lips, from just before it until about its release.
    for (const closure of SENTENCE.filter((q) => q.phoneme === 'm' || q.phoneme === 'p')) {
      const a = t.find((c, i) => c.shape === 'A' && t[i + 1].startMs > closure.startMs - 20);
      expect(a && a.startMs).toBeGreaterThanOrEqual(closure.startMs - TTS_MIN_HOLD_MS);
      expect(a && a.startMs).toBeLessThanOrEqual(closure.startMs);
    }
    expect(shapeAt(t, 3700)).toBe('A'); // the p of 把 closes the lips ahead of it
  });
});
