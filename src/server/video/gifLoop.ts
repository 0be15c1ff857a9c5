import { createHash, randomBytes } from 'node:crypto';
import { open, readFile, rename, rm } from 'node:fs/promises';
import sharp from 'sharp';
import { decodeGifFrames, gifDelays } from '../../model/gifFrames';
import type { PageCache } from './pageCache';
import { timedFfmpeg } from './renderProfile';
import type { GifLoop, PlannedSticker } from './planTypes';

/*
 * A GIF sticker in the page graph (issue 15). Read by ffmpeg's GIF demuxer, every frame of every
 * loop was decoded and scaled again on every page (10 s of a page: 0.53 G instructions of filters
 * for a 200 px GIF, against 0.21 G with this loop), and a loop's start did not play as on the
 * stage: ffmpeg's canvas carries over from the loop before, and it holds a frame too long at loop
 * joins. Here one loop is decoded once, by the stage's own decoder (model/gifFrames.ts), resized
 * to the sticker's box and stored as raw yuva420p frames (the graph's overlay format) at a constant
 * rate in which every frame's delay is a whole number of frames. The page reads it with
 * `-stream_loop -1`, whose loop length is the last frame's time plus one frame at the input's rate:
 * exactly the GIF's length. Raw frames, not NUT: ffmpeg's NUT demuxer failed to seek back to the
 * start of a two-frame file. Like the stage, the GIF loops until the page ends.
 */

/** Bump when the loop's pixels or timing change in a way its key does not show. */
const GIF_LOOP_VERSION = 2;
/** More frames than this (delays with a tiny common step) and the page reads the GIF itself. */
export const MAX_LOOP_FRAMES = 600;

const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);

/** The loop's frame step (ms) and how many frames each GIF frame lasts at it. */
export function loopTiming(delaysMs: readonly number[]): { stepMs: number; repeats: number[] } {
  const whole = delaysMs.map((d) => Math.max(1, Math.round(d)));
  const stepMs = whole.reduce(gcd);
  return { stepMs, repeats: whole.map((d) => d / stepMs) };
}

/** The bytes in an ArrayBuffer of their own (a Buffer may be a view into a shared pool). */
const arrayBufferOf = (bytes: Buffer): ArrayBuffer => new Uint8Array(bytes).buffer;

/**
 * Writes one loop of the GIF `bytes`, resized to `size`, to `out` (raw yuva420p frames) and answers
 * its frame rate; null, writing nothing, when the loop would take more than MAX_LOOP_FRAMES frames.
 */
export async function writeGifLoop(
  bytes: Buffer,
  size: { width: number; height: number },
  out: string,
): Promise<string | null> {
  const { stepMs, repeats } = loopTiming(gifDelays(arrayBufferOf(bytes)));
  if (repeats.reduce((a, b) => a + b, 0) > MAX_LOOP_FRAMES) return null;
  const decoded = decodeGifFrames(arrayBufferOf(bytes));
  const raw = { width: decoded.width, height: decoded.height, channels: 4 as const };
  const fps = `1000/${stepMs}`;
  const tag = `${out}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const frames = await open(`${tag}.rgba`, 'w');
    try {
      for (const [i, frame] of decoded.frames.entries()) {
        const pixels = Buffer.from(frame.rgba.buffer, frame.rgba.byteOffset, frame.rgba.byteLength);
        // Linear, as the stage's GPU samples a scaled sprite: a dithered GIF (sharp writes uploads
        // dithered) then shows the same mixed colour, not its dither pattern enlarged.
        const resized = await sharp(pixels, { raw })
          .resize(size.width, size.height, { fit: 'fill', kernel: 'linear' })
          .raw()
          .toBuffer();
        for (let k = 0; k < repeats[i]; k++) await frames.write(resized);
      }
    } finally {
      await frames.close();
    }
    // In a profile, its ffmpeg's CPU counts in its stage (the stage's own timer sees this process only).
    await timedFfmpeg('GIF loops (made or found)', [
      '-y', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${size.width}x${size.height}`, '-framerate', fps,
      '-i', `${tag}.rgba`,
      // The conversion the page graph would make (an auto-inserted scale in a filter_complex).
      '-filter_complex', '[0:v]format=yuva420p[o]', '-map', '[o]', '-f', 'rawvideo', `${tag}.yuva`,
    ]); // prettier-ignore
    await rename(`${tag}.yuva`, out);
    return fps;
  } finally {
    await Promise.all([rm(`${tag}.rgba`, { force: true }), rm(`${tag}.yuva`, { force: true })]);
  }
}

/**
 * The page's stickers with a loop (gifLoop.ts) for every overlaid GIF, made once per GIF and box
 * and kept in `cache` (keyed by the GIF's bytes and the box's size).
 */
export async function withGifLoops(
  stickers: PlannedSticker[] | undefined,
  prefix: string,
  cache: PageCache,
): Promise<PlannedSticker[] | undefined> {
  if (!stickers?.some((s) => s.gif && !s.baked)) return stickers;
  const loops = cache.withExt('.yuva');
  return Promise.all(
    stickers.map(async (s, i) => {
      if (!s.gif || s.baked) return s;
      const bytes = await readFile(s.file);
      const { width, height } = s.box;
      const key = createHash('sha256')
        .update(JSON.stringify([GIF_LOOP_VERSION, width, height]))
        .update(bytes)
        .digest('hex')
        .slice(0, 40);
      const file = `${prefix}-gif${i}.yuva`;
      let loop: GifLoop | null = null;
      if (await loops.take(key, file)) {
        loop = { file, fps: `1000/${loopTiming(gifDelays(arrayBufferOf(bytes))).stepMs}` };
      } else {
        const fps = await writeGifLoop(bytes, { width, height }, file);
        if (fps) await loops.put(key, file);
        loop = fps ? { file, fps } : null;
      }
      return loop ? { ...s, loop } : s;
    }),
  );
}
