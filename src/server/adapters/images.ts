import { stat } from 'node:fs/promises';
import sharp from 'sharp';
import { IMAGE_MAX_SIDE } from '../../api/image.contract';

export interface ImageInfo {
  format: string;
  width: number;
  height: number;
}

/** What a look at a file found: a usable picture, or why it is not one. */
export type ImageCheck =
  | { kind: 'image'; info: ImageInfo }
  | { kind: 'not_image' }
  | { kind: 'too_large'; width: number; height: number }
  | { kind: 'damaged' };

const RASTER_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif']);

/** Reads the real format and size of an image file from its header, or null when it is no image. */
export async function inspectImage(file: string): Promise<ImageInfo | null> {
  try {
    // Only the header is read here; the pixel limit applies when decoding (checkImage).
    const meta = await sharp(file, { limitInputPixels: false }).metadata();
    if (!meta.format || !RASTER_FORMATS.has(meta.format) || !meta.width || !meta.height) return null;
    return { format: meta.format, width: meta.width, height: meta.height };
  } catch {
    return null;
  }
}

/**
 * Checks an uploaded picture all the way: a header that names a raster format, sides within
 * IMAGE_MAX_SIDE (checked before decoding, so a 30000x30000 bomb costs nothing), and pixel data
 * that decodes to the end (a file cut off mid-upload is caught here, not as a 500 later).
 */
export async function checkImage(file: string): Promise<ImageCheck> {
  const info = await inspectImage(file);
  if (!info) return { kind: 'not_image' };
  if (info.width > IMAGE_MAX_SIDE || info.height > IMAGE_MAX_SIDE) {
    return { kind: 'too_large', width: info.width, height: info.height };
  }
  try {
    // Decoding into a thumbnail reads every row; 'truncated' fails on data that ends early.
    await sharp(file, { failOn: 'truncated', limitInputPixels: IMAGE_MAX_SIDE * IMAGE_MAX_SIDE })
      .resize({ width: 64, height: 64, fit: 'inside' })
      .raw()
      .toBuffer();
  } catch {
    return { kind: 'damaged' };
  }
  return { kind: 'image', info };
}

/** Re-encodes an image as PNG (drops metadata and anything hidden after the image data). */
export async function writePng(input: string, output: string, maxSide = 1024): Promise<void> {
  await sharp(input)
    .rotate()
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
    .png()
    .toFile(output);
}

/** Formats a clean copy is stored in (file extensions). */
export type StoredImageFormat = 'png' | 'jpg' | 'webp' | 'gif';

/** What was stored: the picture's size (one frame of a GIF), bytes, and a GIF's loop length. */
export interface CleanImage {
  width: number;
  height: number;
  size: number;
  durationMs: number;
}

/**
 * Writes a clean copy of an uploaded picture (no metadata, nothing hidden after the image data,
 * EXIF rotation applied, longest side at most maxSide): a GIF keeps every frame, its delays and its
 * loop count. Materials and stickers both store their uploads through this.
 */
export async function writeCleanCopy(
  input: string,
  output: string,
  format: StoredImageFormat,
  maxSide: number,
): Promise<CleanImage> {
  const resize = { width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true } as const;
  if (format === 'gif') {
    const meta = await sharp(input, { animated: true }).metadata();
    await sharp(input, { animated: true })
      .resize(resize)
      .gif({ loop: meta.loop ?? 0, ...(meta.delay ? { delay: meta.delay } : {}) })
      .toFile(output);
  } else {
    const image = sharp(input).rotate().resize(resize);
    const encoded =
      format === 'png' ? image.png() : format === 'webp' ? image.webp() : image.jpeg({ quality: 90 });
    await encoded.toFile(output);
  }
  const meta = await sharp(output, { animated: true }).metadata();
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (!width || !height) throw new Error('empty image');
  const durationMs = format === 'gif' ? (meta.delay ?? []).reduce((a, b) => a + b, 0) : 0;
  return { width, height, size: (await stat(output)).size, durationMs };
}

/** A JPEG preview on white (transparent pictures), longest side at most `side`. */
export async function writeJpegThumbnail(input: string, output: string, side: number): Promise<void> {
  await sharp(input)
    .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82 })
    .toFile(output);
}
