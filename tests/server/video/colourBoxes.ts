import { spawnSync } from 'node:child_process';
import { ffmpegPath } from '../../../src/server/adapters/media/ffmpeg';
import type { Box } from '../../../src/server/video/planTypes';

export type Rgb = [number, number, number];

/** Hex colour for ffmpeg's lavfi colour source. */
export const hex = (c: Rgb) => `0x${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/**
 * The bounding box of the pixels within `tolerance` of `colour` in a raw RGB frame, or null when
 * none. Rows and columns need `minRun` matching pixels, so a stray blended pixel is not an edge.
 */
export function colourBox(
  frame: Buffer,
  width: number,
  height: number,
  colour: Rgb,
  tolerance = 40,
  minRun = 3,
): Box | null {
  const rows = new Array<number>(height).fill(0);
  const cols = new Array<number>(width).fill(0);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      if (
        Math.abs(frame[i] - colour[0]) <= tolerance &&
        Math.abs(frame[i + 1] - colour[1]) <= tolerance &&
        Math.abs(frame[i + 2] - colour[2]) <= tolerance
      ) {
        rows[y]++;
        cols[x]++;
      }
    }
  }
  const first = (a: number[]) => a.findIndex((n) => n >= minRun);
  const last = (a: number[]) => a.length - 1 - [...a].reverse().findIndex((n) => n >= minRun);
  const x0 = first(cols);
  const y0 = first(rows);
  if (x0 < 0 || y0 < 0) return null;
  const x1 = last(cols);
  const y1 = last(rows);
  return { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/** The part of `box` inside the frame (what can be seen of it). */
export function visible(box: Box, width: number, height: number): Box {
  const x = Math.max(0, box.x);
  const y = Math.max(0, box.y);
  return {
    x,
    y,
    width: Math.min(width, box.x + box.width) - x,
    height: Math.min(height, box.y + box.height) - y,
  };
}

/** Largest distance between the edges of two boxes, in pixels. */
export function edgeError(a: Box, b: Box): number {
  return Math.max(
    Math.abs(a.x - b.x),
    Math.abs(a.y - b.y),
    Math.abs(a.x + a.width - (b.x + b.width)),
    Math.abs(a.y + a.height - (b.y + b.height)),
  );
}

/** Writes a looping GIF alternating two solid colours every `frameMs` (lavfi sources, rgb8-exact colours). */
export function twoColourGif(out: string, a: Rgb, b: Rgb, size: number, frameMs: number): string {
  const d = (frameMs / 1000).toFixed(3);
  const run = spawnSync(ffmpegPath(), [
    '-v', 'error',
    '-f', 'lavfi', '-i', `color=c=${hex(a)}:s=${size}x${size}:r=${1000 / frameMs}:d=${d}`,
    '-f', 'lavfi', '-i', `color=c=${hex(b)}:s=${size}x${size}:r=${1000 / frameMs}:d=${d}`,
    '-filter_complex', '[0:v][1:v]concat=n=2:v=1:a=0[v]', '-map', '[v]',
    '-loop', '0', '-f', 'gif', '-y', out,
  ]); // prettier-ignore
  if (run.status !== 0) throw new Error(`ffmpeg: ${run.stderr}`);
  return out;
}
