import type { OutputBox } from './customPresenterVideo';

/*
 * Kind 3 presenters (a single picture) in the page graph: instead of lip-sync the picture breathes
 * (grows by up to 1.5 %, anchored at its bottom edge) and bobs a few pixels, on a 4 s cycle. Done
 * with `perspective` evaluated per frame: it interpolates below a pixel and keeps the frame size
 * fixed, so the movement is smooth and the overlay never changes size (scale per frame would).
 */

/** Largest growth of a breath (1 → 1.015). */
export const BREATH_SCALE = 0.015;
/** One breath and one bob, in seconds. */
export const BREATH_PERIOD_S = 4;

/** How far the picture bobs, in output pixels: a few pixels, more for a taller presenter box. */
export function bobAmplitude(box: OutputBox): number {
  return Math.max(2, Math.round(box.height / 250));
}

/** Input arguments of the picture: decoded once; the fragment loops the decoded frame. */
export function breathingPictureInput(file: string): string[] {
  return ['-i', file];
}

/**
 * The part of `box` (in the box's own pixels) a frame of `frame` size can show, widened by the most
 * the breath and the bob move a pixel, in even pixels: the only part worth moving on each frame.
 * 人物半身 scales a picture to twice the frame height or more, and perspective costs per pixel.
 */
export function visibleWindow(box: OutputBox, frame: { width: number; height: number }): OutputBox {
  const margin = Math.ceil(BREATH_SCALE * Math.max(box.width, box.height)) + bobAmplitude(box) + 2;
  const down = (v: number) => Math.max(0, Math.floor(v / 2) * 2);
  const x = down(-box.x - margin);
  const y = down(-box.y - margin);
  const right = Math.min(box.width, Math.ceil((frame.width - box.x + margin) / 2) * 2);
  const bottom = Math.min(box.height, Math.ceil((frame.height - box.y + margin) / 2) * 2);
  return { x, y, width: Math.max(2, right - x), height: Math.max(2, bottom - y) };
}

/**
 * The perspective filter that breathes and bobs a `box`-sized stream. Corners name the source
 * window shown (sense source): a window smaller by 1/(1+growth) enlarges the picture; moving it
 * down by the bob lifts the picture. With `window` (visibleWindow) the stream is that part of the
 * box and the corners are those of the same motion of the whole box, seen through the window.
 */
export function breathingFilter(box: OutputBox, fps = 25, window?: OutputBox): string {
  const phase = `2*PI*in/${fps * BREATH_PERIOD_S}`;
  const shrink = `(1-1/(1+${BREATH_SCALE / 2}*(1-cos(${phase}))))`;
  const bob = `${bobAmplitude(box)}*sin(${phase})`;
  const corners = (left: string, right: string, top: string, bottom: string) =>
    `perspective=x0='${left}':y0='${top}':x1='${right}':y1='${top}'` +
    `:x2='${left}':y2='${bottom}':x3='${right}':y3='${bottom}':interpolation=linear:eval=frame`;
  if (!window || (window.width === box.width && window.height === box.height)) {
    return corners(`W*${shrink}/2`, `W-W*${shrink}/2`, `H*${shrink}+${bob}`, `H+${bob}`);
  }
  // The whole box's motion is affine: box pixel u shows source u + s (w/2 - u) across and
  // v + s (h - v) + bob down; at the window's edges, less the window's offset.
  const { x, y, width: w, height: h } = window;
  return corners(
    `${shrink}*${box.width / 2 - x}`,
    `${w}+${shrink}*${box.width / 2 - x - w}`,
    `${shrink}*${box.height - y}+${bob}`,
    `${h}+${shrink}*${box.height - y - h}+${bob}`,
  );
}

/**
 * The filter-graph fragment that overlays a breathing picture presenter on `base` and names the
 * result `out`; `input` is the picture's stream label (e.g. '3:v'). With `frame`, only the part of
 * the box the frame can show is moved (visibleWindow). The picture is moved in 4:2:0, the format
 * the overlay converts it to anyway: perspective then has 2.5 planes' pixels to move, not 4 (26%
 * less CPU on a 人物半身 window, 2082x1240).
 */
export function breathingPictureFragment(opts: {
  input: string;
  base: string;
  out: string;
  box: OutputBox;
  durationMs: number;
  fps?: number;
  prefix?: string;
  frame?: { width: number; height: number };
}): string {
  const { box, fps = 25, prefix = 'bp' } = opts;
  const window = opts.frame
    ? visibleWindow(box, opts.frame)
    : { x: 0, y: 0, width: box.width, height: box.height };
  const whole = window.width === box.width && window.height === box.height;
  const crop = whole ? '' : `crop=${window.width}:${window.height}:${window.x}:${window.y},`;
  return [
    `[${opts.input}]scale=${box.width}:${box.height},format=yuva420p,${crop}loop=loop=-1:size=1:start=0,` +
      `settb=1/${fps},setpts=N,trim=duration=${(opts.durationMs / 1000).toFixed(3)},${breathingFilter(box, fps, window)}[${prefix}_pic]`,
    `[${opts.base}][${prefix}_pic]overlay=x=${box.x + window.x}:y=${box.y + window.y}:eof_action=pass[${opts.out}]`,
  ].join(';');
}
