import { describe, expect, it } from 'vitest';
import { decodeGifFrames, frameAt, playedDelay, totalDurationMs } from '../../../src/workers/gifFrames';

/*
 * The stage's GIF decoder (the worker's pure part) on GIFs written here byte by byte, so what each
 * frame must look like is known exactly: offsets, delays, transparency and the three disposals.
 */

type Rgb = [number, number, number];
const PALETTE: Rgb[] = [
  [0, 0, 0],
  [255, 0, 0],
  [0, 0, 255],
  [0, 255, 0],
];
const RED = 1;
const BLUE = 2;
const GREEN = 3;

interface FrameSpec {
  left?: number;
  top?: number;
  width: number;
  height: number;
  /** Palette index per pixel, row by row. */
  pixels: number[];
  /** In hundredths of a second, as the file stores it. */
  delay?: number;
  disposal?: 0 | 1 | 2 | 3;
  transparent?: number;
}

/** LZW image data with a clear code before every two pixels, so codes stay 3 bits wide. */
function lzw(pixels: number[]): number[] {
  const CLEAR = 4;
  const END = 5;
  const codes: number[] = [];
  pixels.forEach((p, i) => {
    if (i % 2 === 0) codes.push(CLEAR);
    codes.push(p);
  });
  codes.push(END);
  const bytes: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const c of codes) {
    acc |= c << bits;
    bits += 3;
    while (bits >= 8) {
      bytes.push(acc & 0xff);
      acc >>= 8;
      bits -= 8;
    }
  }
  if (bits > 0) bytes.push(acc & 0xff);
  const blocks: number[] = [2];
  for (let i = 0; i < bytes.length; i += 255) {
    const part = bytes.slice(i, i + 255);
    blocks.push(part.length, ...part);
  }
  blocks.push(0);
  return blocks;
}

const u16 = (v: number) => [v & 0xff, v >> 8];

/** A 4-colour GIF of `width` x `height` with the given frames. */
function gif(width: number, height: number, frames: FrameSpec[]): ArrayBuffer {
  const out: number[] = [...'GIF89a'].map((c) => c.charCodeAt(0));
  out.push(...u16(width), ...u16(height), 0x91, 0, 0);
  for (const [r, g, b] of PALETTE) out.push(r, g, b);
  for (const f of frames) {
    const flags = ((f.disposal ?? 0) << 2) | (f.transparent === undefined ? 0 : 1);
    out.push(0x21, 0xf9, 4, flags, ...u16(f.delay ?? 10), f.transparent ?? 0, 0);
    out.push(0x2c, ...u16(f.left ?? 0), ...u16(f.top ?? 0), ...u16(f.width), ...u16(f.height), 0);
    out.push(...lzw(f.pixels));
  }
  out.push(0x3b);
  return new Uint8Array(out).buffer;
}

const fill = (n: number, index: number) => Array.from({ length: n }, () => index);

/** The RGBA of pixel (x, y) of a decoded frame. */
function at(frame: { rgba: Uint8ClampedArray }, width: number, x: number, y: number): number[] {
  const i = (y * width + x) * 4;
  return [...frame.rgba.slice(i, i + 4)];
}

describe('decodeGifFrames', () => {
  it('composes a partial frame over the one before it, each with its own delay', () => {
    const decoded = decodeGifFrames(
      gif(4, 4, [
        { width: 4, height: 4, pixels: fill(16, RED), delay: 20, disposal: 1 },
        { left: 2, top: 2, width: 2, height: 2, pixels: fill(4, BLUE), delay: 0 },
      ]),
    );
    expect([decoded.width, decoded.height, decoded.frames.length]).toEqual([4, 4, 2]);
    // 20 hundredths = 200 ms; a delay of 0 plays for 100 ms, as browsers play it.
    expect(decoded.frames.map((f) => f.delayMs)).toEqual([200, 100]);
    const [first, second] = decoded.frames;
    expect(at(first, 4, 3, 3)).toEqual([255, 0, 0, 255]);
    expect(at(second, 4, 3, 3)).toEqual([0, 0, 255, 255]);
    expect(at(second, 4, 1, 1)).toEqual([255, 0, 0, 255]);
    expect(at(second, 4, 1, 3)).toEqual([255, 0, 0, 255]);
  });

  it('disposal 2 clears the frame’s area before the next one', () => {
    const decoded = decodeGifFrames(
      gif(4, 4, [
        { width: 4, height: 4, pixels: fill(16, RED), disposal: 2 },
        { width: 1, height: 1, pixels: [GREEN] },
      ]),
    );
    const second = decoded.frames[1];
    expect(at(second, 4, 0, 0)).toEqual([0, 255, 0, 255]);
    expect(at(second, 4, 3, 3)[3]).toBe(0);
  });

  it('a transparent pixel keeps what the frame before showed', () => {
    const pixels = fill(16, GREEN);
    pixels[0] = BLUE;
    const decoded = decodeGifFrames(
      gif(4, 4, [
        { width: 4, height: 4, pixels: fill(16, RED), disposal: 1 },
        { width: 4, height: 4, pixels: pixels.map((p) => (p === GREEN ? 0 : p)), transparent: 0 },
      ]),
    );
    const second = decoded.frames[1];
    expect(at(second, 4, 0, 0)).toEqual([0, 0, 255, 255]);
    expect(at(second, 4, 2, 2)).toEqual([255, 0, 0, 255]);
  });

  it('disposal 3 puts back what was under the frame', () => {
    const decoded = decodeGifFrames(
      gif(4, 4, [
        { width: 4, height: 4, pixels: fill(16, RED), disposal: 1 },
        { width: 2, height: 2, pixels: fill(4, BLUE), disposal: 3 },
        { left: 3, top: 3, width: 1, height: 1, pixels: [GREEN] },
      ]),
    );
    expect(at(decoded.frames[1], 4, 0, 0)).toEqual([0, 0, 255, 255]);
    expect(at(decoded.frames[2], 4, 0, 0)).toEqual([255, 0, 0, 255]);
    expect(at(decoded.frames[2], 4, 3, 3)).toEqual([0, 255, 0, 255]);
  });

  it('refuses bytes that are not a GIF', () => {
    expect(() => decodeGifFrames(new Uint8Array([1, 2, 3, 4]).buffer)).toThrow();
  });
});

describe('frame timing', () => {
  it('shows each frame for its own delay and loops', () => {
    const delays = [200, 100, 300];
    expect(totalDurationMs(delays)).toBe(600);
    const shown = [0, 199, 200, 299, 300, 599, 600, 799, 800, 1100].map((ms) => frameAt(delays, ms));
    expect(shown).toEqual([0, 0, 1, 1, 2, 2, 0, 0, 1, 2]);
    expect(frameAt([100], 5000)).toBe(0);
    expect(frameAt([], 10)).toBe(0);
  });

  it('plays very short delays as browsers do', () => {
    expect([playedDelay(0), playedDelay(10), playedDelay(20), playedDelay(70)]).toEqual([100, 100, 20, 70]);
  });
});
