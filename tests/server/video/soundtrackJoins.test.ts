import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from '../../../src/server/adapters/media/ffmpeg';
import { PageCache } from '../../../src/server/video/pageCache';
import type { PagePlan } from '../../../src/server/video/planTypes';
import { writeSoundtrack } from '../../../src/server/video/soundtrack';

/*
 * The soundtrack in per-page pieces joined by copying AAC packets (soundtrackPieces.ts): the
 * joined sound must be the sound one whole-video encoding gives, sample for sample in length and
 * level, with no gap or click at the page joins; an edit re-encodes only the pieces it touches.
 * Pages are silent here and the music a 440 Hz tone, so any gap or step at a join shows.
 */

const RATE = 48000;
const PAGES_MS = [2310, 1770, 4000];
const JOINS = [2310 * 48, (2310 + 1770) * 48];

function decode(file: string): Float32Array {
  const out = spawnSync(ffmpegPath(), ['-v', 'error', '-i', file, '-ac', '1', '-f', 'f32le', 'pipe:1'], {
    maxBuffer: 64 * 1024 * 1024,
  });
  if (out.status !== 0) throw new Error(`ffmpeg: ${out.stderr}`);
  return new Float32Array(out.stdout.buffer, out.stdout.byteOffset, out.stdout.length / 4);
}

const page = (durationMs: number, index: number) =>
  ({ index, durationMs, audio: [], fps: 25 }) as unknown as PagePlan;
const rms = (s: Float32Array) => Math.sqrt(s.reduce((sum, v) => sum + v * v, 0) / s.length);

describe('soundtrack pieces joined by packet copy', () => {
  let dir: string;
  let music: string;
  let cache: PageCache;
  const signal = new AbortController().signal;
  const soundtrack = async (pages: number[], name: string) => {
    const work = path.join(dir, name);
    mkdirSync(work);
    return writeSoundtrack(
      pages.map(page),
      { file: music, volume: 1 },
      work,
      { music: cache, pieces: cache },
      signal,
    );
  };
  let joined: Float32Array;
  let whole: Float32Array;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'soundtrack-'));
    music = path.join(dir, 'music.wav');
    // 3 s at 44.1 kHz: resampled, and looped within the video.
    const tone = ['-y', '-f', 'lavfi', '-i', 'sine=f=440:d=3:sample_rate=44100', '-ac', '2', music];
    expect(spawnSync(ffmpegPath(), ['-v', 'error', ...tone]).status).toBe(0);
    cache = new PageCache(path.join(dir, 'cache'));
    joined = decode(await soundtrack(PAGES_MS, 'joined'));
    whole = decode(await soundtrack([PAGES_MS.reduce((a, b) => a + b)], 'whole'));
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is as long as the video, rounded up to whole AAC frames', () => {
    const samples = (PAGES_MS.reduce((a, b) => a + b) * RATE) / 1000;
    expect(joined.length).toBe(Math.ceil(samples / 1024) * 1024);
    expect(whole.length).toBe(joined.length);
  });

  it('sounds as one whole-video encoding, also at the joins: no gap, no click', () => {
    expectSameSound(joined, whole, JOINS);
  });

  it('re-encodes only the pieces that hear an edited page, and joins them to the cached ones', async () => {
    const before = new Set(readdirSync(cache.dir));
    // The last page's length changes: pieces 1 and 2 hear it (piece 1 its first frames).
    const edited = decode(await soundtrack([PAGES_MS[0], PAGES_MS[1], 5000], 'edited'));
    const added = readdirSync(cache.dir).filter((f) => !before.has(f));
    expect(added).toHaveLength(2);
    // Piece 0 comes from the first encoding, pieces 1 and 2 from a new one: the join between
    // two encodings still sounds as one encoding.
    const reference = decode(await soundtrack([PAGES_MS[0] + PAGES_MS[1] + 5000], 'reference'));
    expectSameSound(edited, reference, JOINS);
  });
});

/** `a` is `b` up to AAC coding noise; around each join its level holds and no sample jumps. */
function expectSameSound(a: Float32Array, b: Float32Array, joins: number[]) {
  expect(a.length).toBe(b.length);
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  expect(worst).toBeLessThan(0.002);
  for (const at of joins) {
    const around = a.subarray(at - 2400, at + 2400);
    // The tone's level (0.125 peak, ducking off, faded in long before) holds across the join…
    const level = rms(around) / rms(a.subarray(at - 24000, at - 19200));
    expect(level).toBeGreaterThan(0.97);
    expect(level).toBeLessThan(1.03);
    // …and no sample steps further than a 440 Hz tone does (a gap or a click would).
    let step = 0;
    for (let i = 1; i < around.length; i++) step = Math.max(step, Math.abs(around[i] - around[i - 1]));
    expect(step).toBeLessThan(0.125 * 2 * Math.PI * (440 / RATE) * 1.2);
  }
}
