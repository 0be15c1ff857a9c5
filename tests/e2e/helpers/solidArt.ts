import sharp from 'sharp';
import type { Rgb } from '../../server/video/colourBoxes';

/*
 * Solid-colour art for pixel checks of the editor stage (uploaded with SessionApi, so the stage draws
 * files that went through the real upload checks).
 */

/** A PNG of one opaque colour. */
export function solidPng(width: number, height: number, [r, g, b]: Rgb): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
}

/** A screenshot as raw RGB rows, the layout colourBox reads. */
export async function rawRgb(png: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
