/**
 * Reading the mouth out of a rendered frame (issue 13's lip-sync measure), pure: the mouth pixels
 * taken where the moving head carries them and turned upright, their opening, and their nearest
 * mouth sprite. The render and the frame decoding live in lipSyncVideo.ts, the figures in
 * lipSyncScore.ts.
 */
import type { MouthShape } from '../src/model/speech';

/** An RGB picture (3 bytes a pixel, rows top to bottom). */
export interface Rgb {
  width: number;
  height: number;
  data: Uint8Array;
}

/** The mouth box on the head sprite (export px, relative to its corner) and where the head is drawn. */
export interface MouthOnHead {
  mouth: { x: number; y: number; width: number; height: number };
  /** The head sprite's size; the render turns it about its centre, within its own box. */
  size: { width: number; height: number };
  /** The head sprite's corner in the frame and its turn (radians, clockwise), as headCorner gives them. */
  corner: { x: number; y: number; angle: number };
}

/** Pixels read around the mouth box on each side: room for the 2 px steps the video shows. */
export const MARGIN = 6;

/**
 * The mouth box (plus MARGIN) of `frame` turned back upright: each pixel of the box on the
 * unturned head sprite, sampled (bilinear) where the head's turn about its centre puts it.
 */
export function uprightMouth(frame: Rgb, at: MouthOnHead): Rgb {
  const width = at.mouth.width + 2 * MARGIN;
  const height = at.mouth.height + 2 * MARGIN;
  const data = new Uint8Array(width * height * 3);
  const cos = Math.cos(at.corner.angle);
  const sin = Math.sin(at.corner.angle);
  const cx = at.size.width / 2;
  const cy = at.size.height / 2;
  for (let v = 0; v < height; v++)
    for (let u = 0; u < width; u++) {
      const dx = at.mouth.x - MARGIN + u + 0.5 - cx;
      const dy = at.mouth.y - MARGIN + v + 0.5 - cy;
      const fx = at.corner.x + cx + dx * cos - dy * sin - 0.5;
      const fy = at.corner.y + cy + dx * sin + dy * cos - 0.5;
      const x0 = Math.max(0, Math.min(frame.width - 2, Math.floor(fx)));
      const y0 = Math.max(0, Math.min(frame.height - 2, Math.floor(fy)));
      const ax = Math.min(1, Math.max(0, fx - x0));
      const ay = Math.min(1, Math.max(0, fy - y0));
      for (let c = 0; c < 3; c++) {
        const p = (y: number, x: number) => frame.data[(y * frame.width + x) * 3 + c];
        const top = p(y0, x0) * (1 - ax) + p(y0, x0 + 1) * ax;
        const bottom = p(y0 + 1, x0) * (1 - ax) + p(y0 + 1, x0 + 1) * ax;
        data[(v * width + u) * 3 + c] = Math.round(top * (1 - ay) + bottom * ay);
      }
    }
  return { width, height, data };
}

/**
 * How far the lips are apart, in pixels: the rows from the first to the last that show the inside
 * of the mouth, the dark mouth cavity (the sprites' #5a1c25; the closed lips' line is lighter) or
 * the teeth (near white), in the middle third of the box. 0 when no row shows either.
 */
export function openingHeight(mouth: Rgb): number {
  let first = -1;
  let last = -1;
  // The middle third across: every opening spans it, the dark clothes in the box's lower corners not.
  const from = Math.round(mouth.width / 3);
  const to = Math.round((2 * mouth.width) / 3);
  for (let y = 0; y < mouth.height; y++) {
    let inside = 0;
    for (let x = from; x < to; x++) {
      const i = (y * mouth.width + x) * 3;
      const [r, g, b] = [mouth.data[i], mouth.data[i + 1], mouth.data[i + 2]];
      const dark = r + g + b < 200;
      const teeth = Math.min(r, g, b) > 215 && Math.max(r, g, b) - Math.min(r, g, b) < 30;
      if (dark || teeth) inside++;
    }
    if (inside >= 3) {
      if (first < 0) first = y;
      last = y;
    }
  }
  return first < 0 ? 0 : last - first + 1;
}

/**
 * The mouth shape whose reference (the head sprite with that mouth sprite on it, upright, the same
 * box plus MARGIN) is nearest `mouth`: the least mean difference over the mouth box, each reference
 * tried a few pixels off in case the video draws the head a step away.
 */
export function nearestShape(mouth: Rgb, references: ReadonlyMap<MouthShape, Rgb>): MouthShape {
  let best: MouthShape = 'X';
  let bestDiff = Infinity;
  for (const [shape, ref] of references)
    for (let oy = -2; oy <= 2; oy++)
      for (let ox = -2; ox <= 2; ox++) {
        let sum = 0;
        // Every other pixel: the sprites' features are several pixels wide.
        for (let y = MARGIN; y < ref.height - MARGIN; y += 2)
          for (let x = MARGIN; x < ref.width - MARGIN; x += 2) {
            const i = (y * ref.width + x) * 3;
            const j = ((y + oy) * mouth.width + x + ox) * 3;
            sum +=
              Math.abs(ref.data[i] - mouth.data[j]) +
              Math.abs(ref.data[i + 1] - mouth.data[j + 1]) +
              Math.abs(ref.data[i + 2] - mouth.data[j + 2]);
          }
        if (sum < bestDiff) {
          bestDiff = sum;
          best = shape;
        }
      }
  return best;
}
