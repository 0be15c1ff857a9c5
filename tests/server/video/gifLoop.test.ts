import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeGifFrames, frameAt } from '../../../src/model/gifFrames';
import { ffmpegPath } from '../../../src/server/adapters/media/ffmpeg';
import { loopTiming, MAX_LOOP_FRAMES, withGifLoops, writeGifLoop } from '../../../src/server/video/gifLoop';
import { PageCache } from '../../../src/server/video/pageCache';
import type { PlannedSticker } from '../../../src/server/video/planTypes';
import { stickerChains, stickerInputs } from '../../../src/server/video/stickers';
import { BLUE, fill, gif, GREEN, RED } from '../../helpers/gifBytes';

/*
 * A GIF sticker's loop track (gifLoop.ts, issue 15): decoded once by the stage's decoder, and in the
 * page graph every frame shows the GIF frame the stage shows at that time, loop after loop, even
 * when the delays differ and the loop is no whole number of video frames.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'ps-gif-loop-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const COLOURS: Record<number, [number, number, number]> = {
  [RED]: [255, 0, 0],
  [BLUE]: [0, 0, 255],
  [GREEN]: [0, 255, 0],
};
/** Red 100 ms, blue 300 ms, green 50 ms: a 450 ms loop, 11.25 frames of 25 fps video. */
const FRAMES = [
  { index: RED, delay: 10 },
  { index: BLUE, delay: 30 },
  { index: GREEN, delay: 5 },
];

function writeGif(name: string, frames: { index: number; delay: number }[]): string {
  const file = path.join(dir, name);
  const bytes = gif(
    8,
    8,
    frames.map((f) => ({ width: 8, height: 8, pixels: fill(64, f.index), delay: f.delay })),
  );
  writeFileSync(file, Buffer.from(bytes));
  return file;
}

/** The page graph's sticker layer alone: a black 25 fps page, the GIF from `startMs`, RGB frames. */
function renderFrames(sticker: PlannedSticker, seconds: number): Buffer[] {
  const chains = stickerChains([sticker], 1, '[page]', '[v]')!;
  const run = spawnSync(ffmpegPath(), [
    '-v', 'error',
    '-f', 'lavfi', '-i', `color=c=black:s=64x64:r=25:d=${seconds}`,
    ...stickerInputs([sticker]),
    '-filter_complex', ['[0:v]format=yuv420p[page]', ...chains].join(';'),
    // The loop never ends: the page's length ends the output, as -t does in pageArgs.
    '-map', '[v]', '-frames:v', String(seconds * 25), '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-',
  ], { maxBuffer: 64 * 1024 * 1024 }); // prettier-ignore
  if (run.status !== 0) throw new Error(`ffmpeg: ${run.stderr}`);
  const size = 64 * 64 * 3;
  return Array.from({ length: run.stdout.length / size }, (_, n) =>
    run.stdout.subarray(n * size, (n + 1) * size),
  );
}

/** A planned sticker of `file` at (0, 0) in a `size` px square, shown from the page start. */
const planned = (file: string, size: number, gif = true): PlannedSticker => ({
  file,
  gif,
  box: { x: 0, y: 0, width: size, height: size },
  startMs: 0,
  baked: false,
});

const centre = (frame: Buffer) => [...frame.subarray((28 * 64 + 28) * 3, (28 * 64 + 28) * 3 + 3)];
const nearest = (rgb: number[]) =>
  Number(
    Object.entries(COLOURS).sort(
      ([, a], [, b]) =>
        a.reduce((s, v, i) => s + Math.abs(v - rgb[i]), 0) -
        b.reduce((s, v, i) => s + Math.abs(v - rgb[i]), 0),
    )[0][0],
  );

describe('a GIF loop track', () => {
  it('steps by the delays’ common divisor, each frame repeated for its delay', () => {
    expect(loopTiming([100, 300, 50])).toEqual({ stepMs: 50, repeats: [2, 6, 1] });
    expect(loopTiming([80, 80, 80])).toEqual({ stepMs: 80, repeats: [1, 1, 1] });
  });

  it('plays in the page frame for frame as the stage does, for 13 loops', async () => {
    const file = writeGif('mixed.gif', FRAMES);
    const out = path.join(dir, 'mixed.yuva');
    const fps = await writeGifLoop(readFileSync(file), { width: 40, height: 40 }, out);
    // 50 ms steps: 2 + 6 + 1 frames of 40 x 40 yuva420p (2.5 bytes a pixel).
    expect(fps).toBe('1000/50');
    expect(statSync(out).size).toBe(9 * 40 * 40 * 2.5);
    const loop = { file: out, fps: fps! };

    // Not on the loop's 50 ms grid: the shift must not snap to the loop's frames.
    const startMs = 230;
    const box = { x: 8, y: 8, width: 40, height: 40 };
    const sticker: PlannedSticker = { file, gif: true, box, startMs, baked: false, loop };
    const frames = renderFrames(sticker, 6);
    expect(frames.length).toBe(150);
    const { frames: decoded } = decodeGifFrames(new Uint8Array(readFileSync(file)).buffer);
    const delays = decoded.map((f) => f.delayMs);
    const shown = frames.map(centre);
    frames.forEach((_, n) => {
      const t = n * 40 - startMs;
      if (t < 0) expect(shown[n], `frame ${n}`).toEqual([0, 0, 0]);
      else expect(nearest(shown[n]), `frame ${n}`).toBe(FRAMES[frameAt(delays, t)].index);
    });
  });

  it('is made once per GIF and box: a second page links the cached loop', async () => {
    const file = writeGif('cached.gif', FRAMES);
    const cache = new PageCache(path.join(dir, 'cache'), undefined, '.png');
    const sticker = planned(file, 30);
    const png = planned(path.join(dir, 'a.png'), 30, false);
    const [first, still] = (await withGifLoops([sticker, png], path.join(dir, 'p1'), cache))!;
    expect(first.loop).toEqual({ file: path.join(dir, 'p1-gif0.yuva'), fps: '1000/50' });
    expect(still).toBe(png);
    const [entry] = readdirSync(cache.dir).filter((f) => f.endsWith('.yuva'));
    // Marked: a second page finds this entry instead of writing the loop again.
    appendFileSync(path.join(cache.dir, entry), 'marked');
    const [second] = (await withGifLoops([sticker], path.join(dir, 'p2'), cache))!;
    expect(second.loop?.fps).toBe('1000/50');
    expect(String(readFileSync(second.loop!.file)).endsWith('marked')).toBe(true);
    // Another box is another loop.
    await withGifLoops([{ ...sticker, box: { ...sticker.box, width: 31 } }], path.join(dir, 'p3'), cache);
    expect(readdirSync(cache.dir).filter((f) => f.endsWith('.yuva'))).toHaveLength(2);
  });

  it('leaves a GIF whose loop would need too many frames to be read as a file', async () => {
    // 20 ms and 9.99 s: a 10 ms step, 1001 frames.
    const file = writeGif('long.gif', [
      { index: RED, delay: 2 },
      { index: BLUE, delay: 999 },
    ]);
    expect(1001).toBeGreaterThan(MAX_LOOP_FRAMES);
    expect(
      await writeGifLoop(readFileSync(file), { width: 10, height: 10 }, path.join(dir, 'long.yuva')),
    ).toBeNull();
    expect(readdirSync(dir).filter((f) => f.startsWith('long.yuva'))).toEqual([]);
    const cache = new PageCache(path.join(dir, 'cache-long'), undefined, '.png');
    const sticker = planned(file, 10);
    const [kept] = (await withGifLoops([sticker], path.join(dir, 'p4'), cache))!;
    expect(kept).toBe(sticker);
    expect(stickerInputs([kept])).toEqual(['-ignore_loop', '0', '-i', file]);
  });
});
