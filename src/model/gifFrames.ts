import { pictureFormatOf, SIGNATURE_BYTES } from './fileSignature';
import { decompressFrames, parseGIF } from 'gifuct-js';

/*
 * GIF decoding for animated stickers: every frame composed onto the full canvas the way a browser
 * plays the file (frame offset, transparency, disposal), each with its own delay, and which frame
 * shows when. Pure code on bytes, shared by the stage (src/workers/gifFrames.ts: the worker, or the
 * main thread where workers are missing; browsers with WebCodecs use ImageDecoder instead) and the
 * render (src/server/video/gifLoop.ts), so both play a GIF frame for frame alike.
 */

/** Browsers show a GIF frame of 0 to 10 ms delay for 100 ms; so does the stage. */
export const MIN_DELAY_MS = 20;
export const DEFAULT_DELAY_MS = 100;

/** A GIF's frames as full-size RGBA pixels. */
export interface DecodedGif {
  width: number;
  height: number;
  frames: { rgba: Uint8ClampedArray; delayMs: number }[];
}

/** The delay a player uses for a frame whose file says `ms`. */
export function playedDelay(ms: number): number {
  return Number.isFinite(ms) && ms >= MIN_DELAY_MS ? ms : DEFAULT_DELAY_MS;
}

/** Each frame's played delay (as decodeGifFrames gives it), read without decoding any pixel. */
export function gifDelays(bytes: ArrayBuffer): number[] {
  return parseGIF(bytes)
    .frames.filter((f) => 'image' in f)
    .map((f) => playedDelay('gce' in f ? (f.gce.delay || 10) * 10 : NaN));
}

/** Decodes every frame of a GIF into full-size RGBA, composed as it is played. */
export function decodeGifFrames(bytes: ArrayBuffer): DecodedGif {
  const head = new Uint8Array(bytes, 0, Math.min(SIGNATURE_BYTES, bytes.byteLength));
  if (pictureFormatOf(head) !== 'gif') throw new Error('不是 GIF 文件');
  const gif = parseGIF(bytes);
  const width = gif.lsd.width;
  const height = gif.lsd.height;
  const parts = decompressFrames(gif, true);
  const canvas = new Uint8ClampedArray(width * height * 4);
  const frames: DecodedGif['frames'] = [];
  for (const part of parts) {
    const { left, top, width: w, height: h } = part.dims;
    // Disposal 3 puts back what was under the frame once it has been shown.
    const saved = part.disposalType === 3 ? canvas.slice() : null;
    for (let y = 0; y < h; y++) {
      const cy = top + y;
      if (cy < 0 || cy >= height) continue;
      for (let x = 0; x < w; x++) {
        const cx = left + x;
        if (cx < 0 || cx >= width) continue;
        const p = (y * w + x) * 4;
        // A transparent pixel of the frame leaves the one below it.
        if (part.patch[p + 3] === 0) continue;
        const c = (cy * width + cx) * 4;
        canvas[c] = part.patch[p];
        canvas[c + 1] = part.patch[p + 1];
        canvas[c + 2] = part.patch[p + 2];
        canvas[c + 3] = part.patch[p + 3];
      }
    }
    frames.push({ rgba: canvas.slice(), delayMs: playedDelay(part.delay) });
    if (part.disposalType === 2) clearRect(canvas, width, height, left, top, w, h);
    else if (saved) canvas.set(saved);
  }
  return { width, height, frames };
}

function clearRect(
  rgba: Uint8ClampedArray,
  width: number,
  height: number,
  left: number,
  top: number,
  w: number,
  h: number,
) {
  for (let y = Math.max(0, top); y < Math.min(height, top + h); y++)
    rgba.fill(0, (y * width + Math.max(0, left)) * 4, (y * width + Math.min(width, left + w)) * 4);
}

/** How long one loop of the frames lasts. */
export function totalDurationMs(delays: readonly number[]): number {
  return delays.reduce((a, b) => a + b, 0);
}

/** The frame shown `ms` after the GIF started, looping, each frame for its own delay. */
export function frameAt(delays: readonly number[], ms: number): number {
  const total = totalDurationMs(delays);
  if (delays.length < 2 || !(total > 0)) return 0;
  let t = ((ms % total) + total) % total;
  for (let i = 0; i < delays.length; i++) {
    if (t < delays[i]) return i;
    t -= delays[i];
  }
  return delays.length - 1;
}
