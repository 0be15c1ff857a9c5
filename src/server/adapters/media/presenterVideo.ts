import { randomBytes } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import type { PresenterKeying } from '../../../api/presenter.contract';
import { chromaKeyFilters } from '../../video/customPresenterKey';
import { runFfmpeg, type RunFfmpegOptions } from './ffmpeg';

/** A talking loop is stored at most this large (portrait 1080x1920 or landscape 1920x1080 fit). */
export const LOOP_MAX = { width: 1080, height: 1920 } as const;
/** The render's frame rate: the loop is stored at it so every frame maps to one output frame. */
export const LOOP_FPS = 25;

/** Fits inside LOOP_MAX without enlarging, with even sides (x264 4:2:0 needs them). */
const FIT = `min(1\\,min(${LOOP_MAX.width}/iw\\,${LOOP_MAX.height}/ih))`;
const SCALE = `scale=w=trunc(iw*${FIT}/2)*2:h=trunc(ih*${FIT}/2)*2`;

/** The stored loop's size for a video of this size: the same fit as the SCALE filter. */
export function loopSize(width: number, height: number): { width: number; height: number } {
  const fit = Math.min(1, LOOP_MAX.width / width, LOOP_MAX.height / height);
  const even = (v: number) => Math.max(2, Math.trunc((v * fit) / 2) * 2);
  return { width: even(width), height: even(height) };
}

async function toTempThenRename(output: string, ext: string, work: (tmp: string) => Promise<unknown>) {
  const tmp = `${output}.${randomBytes(6).toString('hex')}.tmp${ext}`;
  try {
    await work(tmp);
    await rename(tmp, output);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
}

/**
 * Re-encodes an uploaded talking video as the stored loop: H.264 yuv420p MP4 at 25 fps, sound and
 * metadata dropped, fitted inside LOOP_MAX, the index at the front. Every browser plays it and the
 * render reads it without guessing formats (an upload may be WebM or MOV).
 */
export async function writeLoopVideo(input: string, output: string, options: RunFfmpegOptions = {}) {
  await toTempThenRename(output, '.mp4', (tmp) =>
    runFfmpeg(
      [
        '-i', input,
        '-map', '0:v:0', '-an', '-sn', '-dn', '-map_metadata', '-1',
        '-vf', `${SCALE},fps=${LOOP_FPS},format=yuv420p`,
        '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20',
        '-movflags', '+faststart', '-f', 'mp4', '-y', tmp,
      ], // prettier-ignore
      options,
    ),
  );
}

/**
 * The first frame of a video as PNG at the loop's size (so a 4K upload gives a small still at
 * once, before the loop is encoded); with `keying`, the green screen is transparent.
 */
export async function writePoster(
  video: string,
  output: string,
  keying: PresenterKeying | null,
  options: RunFfmpegOptions = {},
) {
  const filters = keying ? `${SCALE},${chromaKeyFilters(keying)},format=rgba` : `${SCALE},format=rgb24`;
  await toTempThenRename(output, '.png', (tmp) =>
    runFfmpeg(
      ['-i', video, '-frames:v', '1', '-vf', filters, '-f', 'image2', '-c:v', 'png', '-y', tmp],
      options,
    ),
  );
}
