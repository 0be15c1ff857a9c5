import { describe, expect, it } from 'vitest';
import {
  concatPcm16,
  decodeWav,
  encodeWav,
  resamplePcm16,
  samplesToMs,
} from '../../../src/server/adapters/media/wav';
import { rms } from './audioAnalysis';

const sine = (freq: number, rate: number, seconds: number, amplitude = 10000) =>
  Int16Array.from({ length: Math.round(rate * seconds) }, (_, i) =>
    Math.round(amplitude * Math.sin((2 * Math.PI * freq * i) / rate)),
  );

/** Frequency estimate from zero crossings. */
function zeroCrossingHz(samples: Int16Array, rate: number): number {
  let crossings = 0;
  for (let i = 1; i < samples.length; i++) if (samples[i - 1] < 0 !== samples[i] < 0) crossings++;
  return (crossings / 2) * (rate / samples.length);
}

describe('WAV encoding', () => {
  it('writes a canonical 44-byte header and reads it back', () => {
    const samples = Int16Array.from([0, 1, -1, 32767, -32768]);
    const wav = encodeWav(samples, 24000);
    expect(wav.length).toBe(44 + 10);
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(36 + 10);
    expect(wav.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect([wav.readUInt16LE(20), wav.readUInt16LE(22), wav.readUInt32LE(24), wav.readUInt32LE(28)]).toEqual([
      1, 1, 24000, 48000,
    ]);
    expect([
      wav.readUInt16LE(32),
      wav.readUInt16LE(34),
      wav.toString('ascii', 36, 40),
      wav.readUInt32LE(40),
    ]).toEqual([2, 16, 'data', 10]);
    expect(decodeWav(wav)).toEqual({ samples, sampleRate: 24000 });
  });

  it('refuses files that are not mono PCM16 WAV', () => {
    expect(() => decodeWav(Buffer.from('not a wav file at all'))).toThrow('not a WAV file');
    const stereo = encodeWav(new Int16Array(4), 24000);
    stereo.writeUInt16LE(2, 22);
    expect(() => decodeWav(stereo)).toThrow('2 channels');
  });

  it('converts sample counts to ms', () => {
    expect(samplesToMs(24000, 24000)).toBe(1000);
    expect(samplesToMs(22050 * 3, 22050)).toBe(3000);
    expect(samplesToMs(12, 24000)).toBe(1);
  });

  it('concatenates chunks', () => {
    expect(
      Array.from(concatPcm16([Int16Array.from([1, 2]), new Int16Array(0), Int16Array.from([3])])),
    ).toEqual([1, 2, 3]);
  });
});

describe('resamplePcm16', () => {
  it('resamples eSpeak 22,050 Hz to 24 kHz keeping pitch, level and duration', () => {
    const input = sine(440, 22050, 1);
    const output = resamplePcm16(input, 22050, 24000);
    expect(output.length).toBe(24000);
    expect(zeroCrossingHz(output, 24000)).toBeCloseTo(440, -1);
    expect(rms(output, 100, 23900)).toBeCloseTo(rms(input, 100, 21950), -2);
  });

  it('removes content above the new Nyquist frequency when downsampling', () => {
    const high = resamplePcm16(sine(15000, 44100, 0.5), 44100, 24000);
    const low = resamplePcm16(sine(1000, 44100, 0.5), 44100, 24000);
    expect(rms(high, 100, high.length - 100)).toBeLessThan(300);
    expect(rms(low, 100, low.length - 100)).toBeGreaterThan(6500);
  });

  it('returns a copy when rates are equal', () => {
    const input = Int16Array.from([1, 2, 3]);
    const output = resamplePcm16(input, 24000, 24000);
    expect(output).toEqual(input);
    expect(output).not.toBe(input);
  });
});
