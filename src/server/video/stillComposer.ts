import sharp, { type OverlayOptions } from 'sharp';
import type { Box, PagePlan } from './planTypes';

const BACKDROP = { r: 24, g: 31, b: 46, alpha: 1 };
const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

/**
 * Draws everything that does not move on a page (background, slide, presenter body, stickers shown
 * for the whole page) into one PNG, so ffmpeg decodes a single still per page and only overlays
 * the mouth, the eyes and timed stickers.
 */
export async function composeStill(
  plan: PagePlan,
  output: string,
  /** A shot framing's boxes (null hides); the page layout when omitted. */
  view: { slide: Box | null; character: Box | null } = {
    slide: plan.slide?.box ?? null,
    character: plan.character.box,
  },
): Promise<void> {
  const { width, height } = plan.frame;
  const layers: OverlayOptions[] = [];
  // A page of another shape than its box (A4, 4:3) is shown whole and centred, as on the stage.
  if (plan.slide && view.slide)
    layers.push(...(await placed(plan.slide.file, view.slide, plan.frame, 'contain')));
  if (view.character)
    layers.push(...(await placed(plan.character.rig.body, view.character, plan.frame, 'fill')));
  // Stickers belong to the page, not to a framing: every part's still shows them at their box.
  for (const sticker of plan.stickers ?? [])
    if (sticker.baked) layers.push(...(await placed(sticker.file, sticker.box, plan.frame, 'fill')));

  const base = plan.background
    ? sharp(plan.background).resize(width, height, { fit: 'cover' })
    : sharp({ create: { width, height, channels: 4, background: BACKDROP } });
  const flat = await base.png().toBuffer();
  await sharp(flat).composite(layers).png({ compressionLevel: 1 }).toFile(output);
}

/**
 * The presenter body alone on a transparent frame: on pages with a video it is drawn over the
 * video (the still below then holds only the background).
 */
export async function composeFront(
  plan: PagePlan,
  output: string,
  box: Box = plan.character.box,
): Promise<void> {
  const { width, height } = plan.frame;
  const layers = await placed(plan.character.rig.body, box, plan.frame, 'fill');
  await sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite(layers)
    .png({ compressionLevel: 1 })
    .toFile(output);
}

/**
 * An image resized to `box` and cut to the part inside the frame: sharp refuses overlays that
 * reach past the canvas, but on the stage a presenter may stand partly outside it.
 */
async function placed(
  file: string,
  box: Box,
  frame: { width: number; height: number },
  fit: 'fill' | 'contain',
): Promise<OverlayOptions[]> {
  const w = Math.max(1, Math.round(box.width));
  const h = Math.max(1, Math.round(box.height));
  const left = Math.max(0, Math.round(box.x));
  const top = Math.max(0, Math.round(box.y));
  const right = Math.min(frame.width, Math.round(box.x) + w);
  const bottom = Math.min(frame.height, Math.round(box.y) + h);
  if (right <= left || bottom <= top) return [];
  const resized = await sharp(file).resize(w, h, { fit, background: TRANSPARENT }).png().toBuffer();
  const input = await sharp(resized)
    .extract({
      left: left - Math.round(box.x),
      top: top - Math.round(box.y),
      width: right - left,
      height: bottom - top,
    })
    .png()
    .toBuffer();
  return [{ input, left, top }];
}

/**
 * A fully transparent copy of `like` (the "eyes open" frame of the blink track). The concat demuxer
 * needs every image of a track to share size and pixel format, so it is derived from the sprite.
 */
export async function transparentLike(like: string, output: string): Promise<void> {
  await sharp(like).removeAlpha().ensureAlpha(0).png().toFile(output);
}
