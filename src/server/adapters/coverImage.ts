import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';

/**
 * Scales and crops an image to exactly `width` x `height` (cover, centred), re-encoded as JPEG
 * (EXIF orientation applied, transparency flattened on white, metadata dropped), plus a thumbnail
 * whose longer side is `thumbSide`. Throws when the image cannot be decoded.
 */
export async function writeCoverJpeg(
  input: string,
  output: { image: string; thumb: string },
  size: { width: number; height: number; thumbSide: number },
): Promise<void> {
  const image = await sharp(input, { failOn: 'error' })
    .rotate()
    .resize({ width: size.width, height: size.height, fit: 'cover', position: 'centre' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 88, chromaSubsampling: '4:4:4' })
    .toBuffer();
  await writeFile(output.image, image);
  await sharp(image)
    .resize({ width: size.thumbSide, height: size.thumbSide, fit: 'inside' })
    .jpeg({ quality: 80 })
    .toFile(output.thumb);
}
