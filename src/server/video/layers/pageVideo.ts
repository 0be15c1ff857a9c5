import type { Box, PagePlan, PlannedVideo } from '../planTypes';
import { frontArea } from './stills';

const sec = (ms: number) => (ms / 1000).toFixed(3);

/** Even pixel size (yuv420p overlays) that stays inside the box, at least 2. */
const evenPx = (v: number) => Math.max(2, Math.floor(v / 2) * 2);

/** The even size (yuv420p) of the picture a page video fills in `box`. */
export const videoSize = (box: Box) => ({ width: evenPx(box.width), height: evenPx(box.height) });

/** The name a box's video size is found under in `PlannedVideo.scaled` (scaledVideo.ts). */
export function sizeName(box: Box): string {
  const { width, height } = videoSize(box);
  return `${width}x${height}`;
}

/**
 * The frames of a page video in `box`: at the page fps, scaled inside the box keeping its aspect
 * and letterboxed in black (as the preview's object-fit: contain). An open chain.
 */
export function pageVideoFrames(input: string, box: Box, fps: number): string {
  const { width: w, height: h } = videoSize(box);
  return (
    `${input}setpts=PTS-STARTPTS,fps=${fps},` +
    `scale=${w}:${h}:force_original_aspect_ratio=decrease,setsar=1,` +
    `pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2:color=black,format=yuv420p`
  );
}

/**
 * The video of a page in `box` (pageVideoFrames), played once and then holding its last frame.
 * `scaled`: the input holds those frames already (scaledVideo.ts), so only the hold is added.
 */
export function pageVideoChain(
  input: string,
  box: Box,
  fps: number,
  holdMs: number,
  label: string,
  opts: {
    /** Only this stretch of page time (a shot part), restarting at 0. */
    window?: { startMs: number; durationMs: number };
    scaled?: boolean;
  } = {},
): string {
  const { window, scaled } = opts;
  const cut = window
    ? `,trim=start=${sec(window.startMs)}:duration=${sec(window.durationMs)},setpts=PTS-STARTPTS`
    : '';
  // The scaled frames pass fps too: the same time base downstream as the upload's frames have.
  const frames = scaled ? `${input}setpts=PTS-STARTPTS,fps=${fps}` : pageVideoFrames(input, box, fps);
  return `${frames},tpad=stop_mode=clone:stop_duration=${sec(holdMs)}${cut}${label}`;
}

/** The file a page's graph reads the video from at `box`: its scaled frames, or the upload. */
export function videoFileAt(video: PlannedVideo, box: Box): { file: string; scaled: boolean } {
  const scaled = video.scaled?.[sizeName(box)];
  return scaled ? { file: scaled, scaled: true } : { file: video.file, scaled: false };
}

/**
 * The page video as an input, decoded on one thread: it is scaled down into a box, two pages
 * render at once, and frame threads cost more CPU than they save (issue 15: 0.46 against
 * 0.56-0.73 CPU s to decode the bench's 23 s 1080p clip).
 */
export const pageVideoInput = (file: string) => ['-threads', '1', '-i', file];

/** Where the letterboxed video is drawn: its box's corner on whole pixels. */
export const videoAt = (box: Box) => ({ x: Math.round(box.x), y: Math.round(box.y) });

/**
 * Whether the presenter body must be drawn over the page video, as a front still of its own: only
 * when its area (frontArea) meets the box the letterboxed video fills. Otherwise the body goes into
 * the background still, and the page saves the front's blend on every frame (issue 15).
 */
export function presenterOverVideo(plan: {
  video?: { box: Box } | null;
  character: { box: Box };
  frame: PagePlan['frame'];
}): boolean {
  if (!plan.video) return false;
  const body = frontArea(plan.character.box, plan.frame);
  const at = videoAt(plan.video.box);
  const video = { ...at, ...videoSize(plan.video.box) };
  return (
    body.x < video.x + video.width &&
    video.x < body.x + body.width &&
    body.y < video.y + video.height &&
    video.y < body.y + body.height
  );
}
