import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { afterAll, describe, expect, it } from 'vitest';
import { concatPcm, encodeWav, toInt16, wavDuration } from '../../../src/workers/wav';
import { encodeWavOffThread } from '../../../src/workers/wavEncoder';

const dir = mkdtempSync(join(tmpdir(), 'wav-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The reference: ffmpeg converting raw float32 PCM to a 16-bit mono WAV without metadata. */
function ffmpegWav(pcm: Float32Array, rate: number): Uint8Array {
  const raw = join(dir, 'in.f32');
  const out = join(dir, 'out.wav');
  writeFileSync(raw, new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.byteLength));
  const ff = process.env.FFMPEG_PATH || ffmpegInstaller.path;
  execFileSync(
    ff,
    ['-v', 'error', '-y', '-f', 'f32le', '-ar', String(rate), '-ac', '1', '-i', raw].concat([
      '-c:a',
      'pcm_s16le',
      '-bitexact',
      '-map_metadata',
      '-1',
      '-f',
      'wav',
      out,
    ]),
  );
  return new Uint8Array(readFileSync(out));
}

/** A deterministic test signal: a tone, noise, clipping peaks and exact half-step values. */
function testSignal(n: number): Float32Array {
  const pcm = new Float32Array(n);
  let seed = 7;
  for (let i = 0; i < n; i++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    pcm[i] = 0.6 * Math.sin((2 * Math.PI * 440 * i) / 48000) + 0.3 * (seed / 2 ** 31 - 0.5);
  }
  pcm.set([1, -1, 1.5, -1.5, 0, 0.5 / 32768, 1.5 / 32768, -0.5 / 32768, -2.5 / 32768, 32767.5 / 32768], 0);
  return pcm;
}

describe('encodeWav', () => {
  it('writes the 44-byte RIFF header of 16-bit, 48 kHz, mono PCM', () => {
    const bytes = encodeWav(new Float32Array(3));
    const v = new DataView(bytes.buffer);
    const text = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
    expect(bytes.length).toBe(44 + 6);
    expect([text(0), text(8), text(12), text(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(v.getUint32(4, true)).toBe(36 + 6);
    expect(v.getUint32(16, true)).toBe(16);
    expect(v.getUint16(20, true)).toBe(1); // PCM
    expect(v.getUint16(22, true)).toBe(1); // mono
    expect(v.getUint32(24, true)).toBe(48000);
    expect(v.getUint32(28, true)).toBe(96000);
    expect(v.getUint16(32, true)).toBe(2);
    expect(v.getUint16(34, true)).toBe(16);
    expect(v.getUint32(40, true)).toBe(6);
  });

  it('converts samples like ffmpeg: x32768, ties to even, clipped', () => {
    expect([1, -1, 2, -2, 0, 0.5].map(toInt16)).toEqual([32767, -32768, 32767, -32768, 0, 16384]);
    expect([0.5, 1.5, 2.5, -0.5, -1.5, -2.5].map((v) => toInt16(v / 32768))).toEqual([0, 2, 2, 0, -2, -2]);
    expect(toInt16(NaN)).toBe(0);
  });

  it('produces exactly the bytes ffmpeg produces for the same PCM', () => {
    const pcm = testSignal(48000 + 17);
    expect(Buffer.from(encodeWav(pcm)).equals(Buffer.from(ffmpegWav(pcm, 48000)))).toBe(true);
  });

  it('encodes chunks the same as their concatenation', () => {
    const pcm = testSignal(5000);
    const chunks = [pcm.subarray(0, 128), pcm.subarray(128, 2176), pcm.subarray(2176)];
    expect(encodeWav(chunks)).toEqual(encodeWav(pcm));
    expect(concatPcm(chunks)).toEqual(pcm);
  });

  it('reports the duration and handles an empty take', () => {
    expect(wavDuration(encodeWav(new Float32Array(72000)))).toBe(1.5);
    expect(encodeWav(new Float32Array(0)).length).toBe(44);
  });

  it('falls back to the main thread where Worker is missing and gives the same bytes', async () => {
    expect(typeof Worker).toBe('undefined');
    const pcm = testSignal(4096);
    const expected = encodeWav(pcm);
    expect(await encodeWavOffThread(pcm)).toEqual(expected);
  });
});
