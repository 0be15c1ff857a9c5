import { createHash, randomBytes } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import { pageVideoFrames, sizeName, videoSize } from './layers/pageVideo';
import { identity, type PageCache } from './pageCache';
import type { Box, PagePlan } from './planTypes';
import { timedFfmpeg } from './renderProfile';

/*
 * A page video scaled to its box once, not on every render (issue 15). The page graph decoded the
 * whole upload (the bench's 8 s of 720p: 0.55 CPU s) and scaled and letterboxed every frame (0.15 s
 * more) on each render of the page, for a picture of 588 x 336. Here that chain runs once per video,
 * box size and fps, and its frames are kept losslessly (x264 -qp 0: the same pixels, 4.2 MB for
 * those 8 s, decoded in 0.12 s; raw frames would be 59 MB) with the stills; a later render of any
 * page showing the video at that size reads them, and its graph only holds the last frame.
 */

/** Bump when the scaled frames change in a way the key does not show. */
const SCALED_VIDEO_VERSION = 1;

/** The key of a video's frames at `box`'s size and `fps`: its file's identity (path, size, mtime). */
const scaledKey = (file: string, box: Box, fps: number) =>
  createHash('sha256')
    .update(JSON.stringify([SCALED_VIDEO_VERSION, identity(file), videoSize(box), fps]))
    .digest('hex')
    .slice(0, 40);

/**
 * Writes `file`'s frames as the page graph shows them in `box` (pageVideoFrames) at `fps` to `out`,
 * an MP4 of lossless H.264 without sound; written beside and renamed, so no half file is left.
 */
export async function writeScaledVideo(file: string, box: Box, fps: number, out: string): Promise<void> {
  const tag = `${out}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    // In a profile, its ffmpeg's CPU counts in its stage (the stage's own timer sees this process only).
    await timedFfmpeg('page video scaled (made or found)', [
      '-y', '-filter_complex_threads', '1', '-threads', '1', '-i', file,
      // A filter_complex as in the page graph: the same scaler flags as there (a -vf would differ).
      '-filter_complex', `${pageVideoFrames('[0:v]', box, fps)}[o]`, '-map', '[o]', '-an',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-f', 'mp4', tag,
    ]); // prettier-ignore
    await rename(tag, out);
  } finally {
    await rm(tag, { force: true });
  }
}

/**
 * The page's video with its frames scaled for every box the page shows it in (the slide box, or
 * each shot part's), made once per video, size and fps and kept in `cache`; the plan unchanged
 * without a video.
 */
export async function withScaledVideo<P extends Pick<PagePlan, 'video' | 'parts' | 'fps'>>(
  plan: P,
  prefix: string,
  cache: PageCache,
): Promise<P> {
  const { video } = plan;
  if (!video) return plan;
  const boxes = plan.parts ? plan.parts.flatMap((p) => (p.slide ? [p.slide] : [])) : [video.box];
  const scaled: Record<string, string> = {};
  const store = cache.withExt('.scaled.mp4');
  for (const box of boxes) {
    const size = sizeName(box);
    if (scaled[size]) continue;
    const key = scaledKey(video.file, box, plan.fps);
    const file = `${prefix}-video-${size}.mp4`;
    if (!(await store.take(key, file))) {
      await writeScaledVideo(video.file, box, plan.fps, file);
      await store.put(key, file);
    }
    scaled[size] = file;
  }
  return { ...plan, video: { ...video, scaled } };
}
