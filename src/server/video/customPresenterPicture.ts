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
 * The perspective filter that breathes and bobs a `box`-sized stream. Corners name the source
 * window shown (sense source): a window smaller by 1/(1+growth) enlarges the picture; moving it
 * down by the bob lifts the picture.
 */
export function breathingFilter(box: OutputBox, fps = 25): string {
  const phase = `2*PI*in/${fps * BREATH_PERIOD_S}`;
  const shrink = `(1-1/(1+${BREATH_SCALE / 2}*(1-cos(${phase}))))`;
  const bob = `${bobAmplitude(box)}*sin(${phase})`;
  const left = `W*${shrink}/2`;
  const right = `W-W*${shrink}/2`;
  const top = `H*${shrink}+${bob}`;
  const bottom = `H+${bob}`;
  return (
    `perspective=x0='${left}':y0='${top}':x1='${right}':y1='${top}'` +
    `:x2='${left}':y2='${bottom}':x3='${right}':y3='${bottom}':interpolation=linear:eval=frame`
  );
}

/**
 * The filter-graph fragment that overlays a breathing picture presenter on `base` and names the
 * result `out`; `input` is the picture's stream label (e.g. '3:v').
 */
export function breathingPictureFragment(opts: {
  input: string;
  base: string;
  out: string;
  box: OutputBox;
  durationMs: number;
  fps?: number;
  prefix?: string;
}): string {
  const { box, fps = 25, prefix = 'bp' } = opts;
  return [
    `[${opts.input}]scale=${box.width}:${box.height},format=yuva444p,loop=loop=-1:size=1:start=0,` +
      `settb=1/${fps},setpts=N,trim=duration=${(opts.durationMs / 1000).toFixed(3)},${breathingFilter(box, fps)}[${prefix}_pic]`,
    `[${opts.base}][${prefix}_pic]overlay=x=${box.x}:y=${box.y}:eof_action=pass[${opts.out}]`,
  ].join(';');
}
