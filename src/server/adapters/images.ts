import sharp from 'sharp';

export interface ImageInfo {
  format: string;
  width: number;
  height: number;
}

const RASTER_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif']);

/** Reads the real format and size of an image file from its content, or null when it is no image. */
export async function inspectImage(file: string): Promise<ImageInfo | null> {
  try {
    const meta = await sharp(file).metadata();
    if (!meta.format || !RASTER_FORMATS.has(meta.format) || !meta.width || !meta.height) return null;
    return { format: meta.format, width: meta.width, height: meta.height };
  } catch {
    return null;
  }
}

/** Re-encodes an image as PNG (drops metadata and anything hidden after the image data). */
export async function writePng(input: string, output: string, maxSide = 1024): Promise<void> {
  await sharp(input)
    .rotate()
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
    .png()
    .toFile(output);
}
