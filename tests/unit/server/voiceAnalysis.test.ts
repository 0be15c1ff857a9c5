import { describe, expect, it } from 'vitest';
import {
  analyseVoice,
  framePitches,
  speechProblem,
  syllableRate,
} from '../../../src/server/services/voiceAnalysis';
import { pitchToward, rangeFor, rateFor } from '../../../src/server/adapters/media/tts.derived';
import { beepSignal, noiseSignal, voicedSignal } from '../../helpers/voiceSignal';

describe('is it someone speaking?', () => {
  const problem = (samples: Int16Array) => speechProblem(analyseVoice(samples, 24_000), 0.15);

  it.each([110, 220, 320])('a %d Hz speaker is speech', (f0Hz) => {
    expect(problem(voicedSignal({ f0Hz, seconds: 12 }).samples)).toBeNull();
  });

  it('a steady beep, beeps once a second and a 1 kHz pulse are not speech; noise has no voice', () => {
    expect(problem(beepSignal(400, 12))).toBe('not_speech');
    expect(problem(beepSignal(400, 12, { onMs: 100, everyMs: 1000 }))).toBe('not_speech');
    expect(problem(beepSignal(1000, 12, { onMs: 100, everyMs: 1000 }))).toBe('not_speech');
    expect(problem(noiseSignal(12))).toBe('no_voice');
  });
});

describe('voice sample analysis', () => {
  it.each([90, 120, 180, 240, 320])('finds the median pitch of a %d Hz speaker within 2%%', (f0Hz) => {
    const { samples, sampleRate } = voicedSignal({ f0Hz, seconds: 6 });
    const m = analyseVoice(samples, sampleRate);
    expect(Math.abs(m.f0MedianHz - f0Hz) / f0Hz).toBeLessThan(0.02);
    expect(m.voicedShare).toBeGreaterThan(0.6);
  });

  it('measures the pitch spread from the glide of the syllables', () => {
    const flat = analyseVoice(...args(voicedSignal({ f0Hz: 150, seconds: 6, glide: 0.02 })));
    const lively = analyseVoice(...args(voicedSignal({ f0Hz: 150, seconds: 6, glide: 0.3 })));
    expect(flat.f0HighHz / flat.f0LowHz).toBeLessThan(1.05);
    expect(lively.f0HighHz / lively.f0LowHz).toBeGreaterThan(1.2);
  });

  it.each([
    [140, 40],
    [200, 80],
    [300, 100],
  ])('counts syllables of %d ms (gap %d ms) at their real rate', (syllableMs, gapMs) => {
    const signal = voicedSignal({ f0Hz: 160, seconds: 8, syllableMs, gapMs });
    const rate = syllableRate(signal.samples, signal.sampleRate);
    expect(Math.abs(rate - signal.syllablesPerSecond) / signal.syllablesPerSecond).toBeLessThan(0.12);
  });

  it('finds no voice in noise or silence', () => {
    expect(framePitches(noiseSignal(3), 24_000).pitches.length).toBeLessThan(10);
    const silent = analyseVoice(new Int16Array(24_000 * 3), 24_000);
    expect(silent).toMatchObject({ f0MedianHz: 0, syllablesPerSecond: 0, voicedShare: 0 });
  });

  it('analyses at 48 kHz as at 24 kHz', () => {
    const m = analyseVoice(...args(voicedSignal({ f0Hz: 200, seconds: 4, sampleRate: 48_000 })));
    expect(Math.abs(m.f0MedianHz - 200)).toBeLessThan(4);
  });
});

describe('derived eSpeak settings', () => {
  it('moves the pitch setting by ~74 steps per octave, clamped', () => {
    expect(pitchToward(50, 100, 200)).toBe(100);
    expect(pitchToward(50, 180, 160)).toBe(37);
    expect(pitchToward(50, 180, 20)).toBe(15);
    expect(pitchToward(40, 0, 200)).toBe(40);
  });

  it('scales range by the pitch spread and rate by syllables per second', () => {
    expect(rangeFor(0.2, 0.2)).toBe(50);
    expect(rangeFor(0.4, 0.2)).toBe(100);
    expect(rangeFor(0.01, 0.2)).toBe(10);
    expect(rateFor(5, 4)).toBe(1.25);
    expect(rateFor(10, 4)).toBe(1.8);
    expect(rateFor(0, 4)).toBe(1);
  });
});

function args(s: { samples: Int16Array; sampleRate: number }): [Int16Array, number] {
  return [s.samples, s.sampleRate];
}
