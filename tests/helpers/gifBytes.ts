/*
 * GIFs written byte by byte (a 4-colour palette, uncompressed-size LZW), so what each frame must
 * look like is known exactly: offsets, delays, transparency and the three disposals.
 */

type Rgb = [number, number, number];
const PALETTE: Rgb[] = [
  [0, 0, 0],
  [255, 0, 0],
  [0, 0, 255],
  [0, 255, 0],
];
export const RED = 1;
export const BLUE = 2;
export const GREEN = 3;

export interface FrameSpec {
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
export function gif(width: number, height: number, frames: FrameSpec[]): ArrayBuffer {
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

export const fill = (n: number, index: number) => Array.from({ length: n }, () => index);
