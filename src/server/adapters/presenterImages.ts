import sharp from 'sharp';
import type { PresenterRect } from '../../api/presenter.contract';

/*
 * Image work for users' own presenters. Every output is re-encoded by sharp (metadata and anything
 * hidden after the image data dropped) and written to the path it is given, which the caller then
 * moves into place.
 */

/** Side of the square list icon, like the built-in presenters' icon.png. */
export const ICON_SIDE = 256;

/** Re-encodes a picture as RGBA PNG at its own size (EXIF orientation applied). */
export async function writeRgbaPng(input: string, output: string): Promise<void> {
  await sharp(input, { failOn: 'error' }).rotate().ensureAlpha().png().toFile(output);
}

/** Re-encodes a photo as JPEG at its own size (a JPEG upload stays a JPEG; PNG would be 5x larger). */
export async function writeJpeg(input: string, output: string): Promise<void> {
  await sharp(input, { failOn: 'error' }).rotate().jpeg({ quality: 90 }).toFile(output);
}

/** Scales a sprite into exactly `box` (aspect kept, centred on transparency), as PNG. */
export async function writeSprite(input: string, output: string, box: PresenterRect): Promise<void> {
  await sharp(input, { failOn: 'error' })
    .ensureAlpha()
    .resize({
      width: box.width,
      height: box.height,
      fit: 'contain',
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    })
    .png()
    .toFile(output);
}

/** A fully transparent PNG of the box's size (the blink of a presenter uploaded without one). */
export async function writeTransparent(output: string, box: PresenterRect): Promise<void> {
  await sharp({
    create: { width: box.width, height: box.height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .png()
    .toFile(output);
}

/** The body with the rest mouth drawn at its anchor: what the stage shows while nobody speaks. */
export async function writeStatic(body: string, restMouth: string, mouth: PresenterRect, output: string) {
  await sharp(body)
    .composite([{ input: restMouth, left: mouth.x, top: mouth.y }])
    .png()
    .toFile(output);
}

/**
 * The list icon, a square around the face scaled to ICON_SIDE. With the mouth box known (kind 1)
 * the square is centred on the mouth, a little above it; otherwise margins of the background
 * colour (transparency, a plain backdrop) are trimmed and the top of the figure is taken, where a
 * standing presenter's head is.
 */
export async function writeIcon(picture: string, output: string, mouth?: PresenterRect): Promise<void> {
  const source = mouth ? sharp(picture) : sharp(await trimmed(picture));
  const meta = await source.metadata();
  const width = meta.width ?? ICON_SIDE;
  const height = meta.height ?? ICON_SIDE;
  let side = Math.min(width, height);
  let left = Math.floor((width - side) / 2);
  let top = 0;
  if (mouth) {
    side = Math.min(width, height, Math.max(mouth.width * 3.4, 64));
    const cx = mouth.x + mouth.width / 2;
    const cy = mouth.y + mouth.height / 2 - side * 0.12;
    left = clamp(Math.round(cx - side / 2), 0, width - side);
    top = clamp(Math.round(cy - side / 2), 0, height - side);
  }
  await source
    .extract({ left, top, width: Math.floor(side), height: Math.floor(side) })
    .ensureAlpha()
    .resize({
      width: ICON_SIDE,
      height: ICON_SIDE,
      fit: 'contain',
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    })
    .png()
    .toFile(output);
}

const clamp = (v: number, min: number, max: number) => Math.max(min, Math.min(max, v));

/** The picture without margins of its corner colour (the whole picture when nothing is trimmed). */
async function trimmed(picture: string): Promise<Buffer> {
  return sharp(picture)
    .trim({ threshold: 10 })
    .png()
    .toBuffer()
    .catch(() => sharp(picture).png().toBuffer());
}

/** Pixels at least this opaque (of 255) belong to the figure: soft edges and stray haze do not. */
const FIGURE_ALPHA = 32;

/**
 * The figure of a stored picture: the box around its opaque pixels, in the picture's pixels; null
 * when the picture is opaque to its edges (a photo with its backdrop: the picture is the figure)
 * or has nothing opaque. The shot framings (人物全身, 人物半身) frame this box instead of the picture.
 */
export async function figureBounds(picture: string): Promise<PresenterRect | null> {
  const { data, info } = await sharp(picture)
    .ensureAlpha()
    .extractChannel(3)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  let top = height;
  let bottom = -1;
  let left = width;
  let right = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let first = -1;
    let last = -1;
    for (let x = 0; x < width; x++) {
      if (data[row + x] >= FIGURE_ALPHA) {
        if (first < 0) first = x;
        last = x;
      }
    }
    if (first < 0) continue;
    if (top === height) top = y;
    bottom = y;
    left = Math.min(left, first);
    right = Math.max(right, last);
  }
  if (bottom < 0) return null;
  const box = { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
  return box.width === width && box.height === height ? null : box;
}
