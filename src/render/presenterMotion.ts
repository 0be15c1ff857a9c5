import type { Box } from '../model/project';

/*
 * How an own single-picture presenter breathes, as the render's perspective filter does it
 * (src/server/video/customPresenterPicture.ts): up to 1.5 % larger, anchored at its bottom edge,
 * and a bob of a few export pixels, on a 4 s cycle. The stage applies this per frame.
 */

/** Largest growth of a breath (1 -> 1.015). */
export const BREATH_SCALE = 0.015;
/** One breath and one bob. */
export const BREATH_PERIOD_MS = 4000;

/** The picture's box `ms` into the breathing cycle, given its resting box and the export scale. */
export function breathingBox(box: Box, ms: number, exportScale: number): Box {
  const phase = (2 * Math.PI * ms) / BREATH_PERIOD_MS;
  const grow = 1 + (BREATH_SCALE / 2) * (1 - Math.cos(phase));
  const bob = (Math.max(2, Math.round((box.height * exportScale) / 250)) / exportScale) * Math.sin(phase);
  const width = box.width * grow;
  const height = box.height * grow;
  return { x: box.x + (box.width - width) / 2, y: box.y + box.height - height - bob, width, height };
}

/** A rig anchor (natural pixels of the art) placed in the presenter's box. */
export function anchorBox(anchor: Box, natural: { width: number; height: number }, box: Box): Box {
  const sx = box.width / natural.width;
  const sy = box.height / natural.height;
  return {
    x: box.x + anchor.x * sx,
    y: box.y + anchor.y * sy,
    width: anchor.width * sx,
    height: anchor.height * sy,
  };
}
