import type { Box } from '../planTypes';

/**
 * A composed still (the page background, or the presenter body over a page video) as an open
 * chain: decoded once, converted to YUV once and the converted frame looped at the page fps.
 * Converting after the loop would redo a 1080p colour conversion on every frame (measured: half
 * the speed). `alpha` keeps the transparency of a front still; `frames` cuts it to a shot part.
 * A still track (`file` an ffconcat script: the still per arms pose, armsOverStill) is converted
 * once per picture shown, before fps repeats it, so it costs the same per frame.
 */
export function loopedStill(
  input: number,
  fps: number,
  opts: { alpha?: boolean; frames?: number; file?: string } = {},
): string {
  const format = opts.alpha ? 'yuva420p' : 'yuv420p';
  const cut = opts.frames === undefined ? '' : `,trim=end_frame=${opts.frames}`;
  if (opts.file && isStillTrack(opts.file)) return `[${input}:v]format=${format},fps=${fps}${cut}`;
  return `[${input}:v]format=${format},loop=loop=-1:size=1:start=0,settb=1/${fps},setpts=N${cut}`;
}

/** Whether a still file is a still track (an ffconcat script of stills), not one picture. */
export const isStillTrack = (file: string) => file.endsWith('.ffconcat');

/** The input arguments of a still or a still track. */
export const stillInputs = (file: string) =>
  isStillTrack(file) ? ['-f', 'concat', '-safe', '0', '-i', file] : ['-i', file];

/**
 * The part of the frame a front still covers (the presenter body over a page video): the
 * presenter's box cut to the frame, its corner and size on even pixels (yuva420p). Overlaying only
 * that part instead of a whole transparent frame saves blending two million mostly empty pixels a
 * frame (issue 15). At least 2 x 2 when the box is outside the frame.
 */
export function frontArea(box: Box, frame: { width: number; height: number }): Box {
  const even = (v: number) => Math.floor(v / 2) * 2;
  const x = Math.min(even(Math.max(0, Math.round(box.x))), frame.width - 2);
  const y = Math.min(even(Math.max(0, Math.round(box.y))), frame.height - 2);
  const right = Math.min(frame.width, Math.round(box.x) + Math.max(1, Math.round(box.width)));
  const bottom = Math.min(frame.height, Math.round(box.y) + Math.max(1, Math.round(box.height)));
  const size = (from: number, to: number, limit: number) =>
    Math.min(limit - from, Math.max(2, Math.ceil((to - from) / 2) * 2));
  return { x, y, width: size(x, right, frame.width), height: size(y, bottom, frame.height) };
}
