import { LANDSCAPE, type Orientation } from './constants';

/** Canvas sizes of spec section 9, by orientation (1 landscape, 2 portrait). */
export interface Size {
  width: number;
  height: number;
}

/** Preview canvas in the editor. */
export const PREVIEW_FRAME: Record<Orientation, Size> = {
  1: { width: 960, height: 540 },
  2: { width: 375, height: 667 },
};

/** Preview -> export multiplier (spec 9). */
export const EXPORT_SCALE: Record<Orientation, number> = { 1: 2, 2: 2.47 };

/** Rounds up to the next even integer, after removing float noise (200 * 2.47 is 494, not 496). */
export function roundUpEven(value: number): number {
  const clean = Math.round(value * 1e6) / 1e6;
  return Math.ceil(clean / 2) * 2;
}

/** A preview length in export units: times 2 or 2.47, rounded up to an even number. */
export function toExport(value: number, orientation: Orientation): number {
  return roundUpEven(value * EXPORT_SCALE[orientation]);
}

/** Rendered video size: 960x540 -> 1920x1080; 375x667 -> 928x1648 (375 and 667 times 2.47, up to even). */
export const EXPORT_FRAME: Record<Orientation, Size> = {
  1: { width: toExport(960, 1), height: toExport(540, 1) },
  2: { width: toExport(375, 2), height: toExport(667, 2) },
};

/** Expected size of uploaded custom scene images. */
export const CUSTOM_SCENE_SIZE: Record<Orientation, Size> = {
  1: { width: 1920, height: 1080 },
  2: { width: 750, height: 1334 },
};

/** Largest character image accepted. */
export const CHARACTER_MAX_SIZE: Record<Orientation, Size> = {
  1: { width: 3840, height: 2160 },
  2: { width: 1500, height: 2668 },
};

/** Default page image (slide) size and default sticker box. */
export const DEFAULT_PAGE_IMAGE_SIZE: Size = { width: 300, height: 168 };
export const DEFAULT_TEXTURE_SIZE: Size = { width: 100, height: 100 };

/** Default character position after a landscape/portrait switch. */
export const DEFAULT_CHARACTER_POSITION = { x: 45, y: 150 } as const;

/** Natural character size is shown at 1/2.5 in the preview. */
export const CHARACTER_PREVIEW_DIVISOR = 2.5;

/** The orientation of a document's distinguishability, landscape when unknown. */
export function orientationOf(distinguishability: number): Orientation {
  return distinguishability === 2 ? 2 : LANDSCAPE;
}
