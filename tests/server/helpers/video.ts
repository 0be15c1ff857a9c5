import { spawnSync } from 'node:child_process';
import { ffmpegPath, runFfmpeg } from '../../../src/server/adapters/media/ffmpeg';

/** A rectangle of a frame, px. */
interface Crop {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * One decoded RGB frame of a video: at `seconds` (a seek) or frame number `frame` (exact, counted
 * from the first), cut to `crop` when given. Empty when ffmpeg finds no such frame.
 */
export function decodeFrame(file: string, at: { seconds: number } | { frame: number }, crop?: Crop): Buffer {
  const filters = [
    ...('frame' in at ? [`select=eq(n\\,${at.frame})`] : []),
    ...(crop ? [`crop=${crop.width}:${crop.height}:${crop.x}:${crop.y}`] : []),
  ];
  const seek = 'seconds' in at ? ['-ss', at.seconds.toFixed(3)] : [];
  const args = ['-v', 'error', ...seek, '-i', file, ...(filters.length ? ['-vf', filters.join(',')] : [])];
  args.push('-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1');
  return spawnSync(ffmpegPath(), args, { maxBuffer: 64 * 1024 * 1024 }).stdout;
}

/** One decoded RGB frame of a video at `seconds`, which must be `width` x `height`. */
export function frameAt(file: string, seconds: number, width: number, height: number): Buffer {
  const frame = decodeFrame(file, { seconds });
  if (frame.length !== width * height * 3)
    throw new Error(`could not read the frame at ${seconds}s of ${file}`);
  return frame;
}

/** The RGB colour at (x, y) of a raw frame. */
export function pixel(frame: Buffer, width: number, x: number, y: number): [number, number, number] {
  const i = (Math.round(y) * width + Math.round(x)) * 3;
  return [frame[i], frame[i + 1], frame[i + 2]];
}

/** Mean absolute difference of two frames inside a box (0 identical, 255 opposite). */
export function boxDifference(
  a: Buffer,
  b: Buffer,
  width: number,
  box: { x: number; y: number; width: number; height: number },
): number {
  let sum = 0;
  let n = 0;
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      const i = (y * width + x) * 3;
      sum += Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]);
      n += 3;
    }
  }
  return sum / n;
}

/** True when two colours are within `tolerance` on every channel. */
export function near(c: [number, number, number], target: [number, number, number], tolerance = 24): boolean {
  return c.every((v, i) => Math.abs(v - target[i]) <= tolerance);
}

/** Writes `seconds` of mono 48 kHz silence to `file` (a WAV): narration for pages that only need a length. */
export async function writeSilence(file: string, seconds: number): Promise<string> {
  await runFfmpeg(['-y', '-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=mono', '-t', String(seconds), file]);
  return file;
}
