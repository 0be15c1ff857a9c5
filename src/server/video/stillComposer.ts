import { createHash } from 'node:crypto';
import path from 'node:path';
import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import { frontArea } from './layers/stills';
import { identity, PageCache } from './pageCache';
import { processMemo } from './processMemo';
import type { Box, PagePlan } from './planTypes';

const BACKDROP = { r: 24, g: 31, b: 46, alpha: 1 };
const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

/** Decoded, resized RGBA pixels of one file at one size: what a still is composed from. */
interface Pixels {
  data: Buffer;
  raw: { width: number; height: number; channels: 4 };
}

/**
 * The pictures every page of a render shares (the scene at the frame size, the presenter body at
 * its box) decoded and resized once per process instead of once per still: they were two thirds of
 * a still's CPU time (issue 15: 140-210 ms a still, the 1080p scene's decode and resize 60-90 ms
 * of it). A few entries (a 1080p RGBA scene is 8 MB).
 */
const memoised = processMemo<Pixels>(8);

async function pixels(image: Sharp): Promise<Pixels> {
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, raw: { width: info.width, height: info.height, channels: 4 } };
}

/** The page's scene covering the frame (the backdrop colour without one). */
async function backdrop(background: string | null, width: number, height: number): Promise<Pixels> {
  if (!background)
    return memoised(`backdrop|${width}x${height}`, () =>
      pixels(sharp({ create: { width, height, channels: 4, background: BACKDROP } })),
    );
  const key = `${identity(background)}|cover|${width}x${height}`;
  return memoised(key, () => pixels(sharp(background).resize(width, height, { fit: 'cover' })));
}

/** One picture drawn into a still: a file resized into its box (placed). */
interface Layer {
  file: string;
  box: Box;
  fit: 'fill' | 'contain';
  /** The same picture at the same box on every page (the presenter body): kept decoded. */
  shared?: boolean;
}

/**
 * Draws everything that does not move on a page (background, slide, presenter body, stickers shown
 * for the whole page) into one PNG, so ffmpeg decodes a single still per page and only overlays
 * the mouth, the eyes and timed stickers. With `cache`, a still drawn before from the same files
 * and boxes is linked instead of drawn again.
 */
export async function composeStill(
  plan: PagePlan,
  output: string,
  /** A shot framing's boxes (null hides); the page layout when omitted. */
  view: { slide: Box | null; character: Box | null } = {
    slide: plan.slide?.box ?? null,
    character: plan.character.box,
  },
  cache?: PageCache,
): Promise<void> {
  const { width, height } = plan.frame;
  const layers: Layer[] = [];
  // A page of another shape than its box (A4, 4:3) is shown whole and centred, as on the stage.
  if (plan.slide && view.slide) layers.push({ file: plan.slide.file, box: view.slide, fit: 'contain' });
  if (view.character)
    layers.push({ file: plan.character.rig.body, box: view.character, fit: 'fill', shared: true });
  // Stickers belong to the page, not to a framing: every part's still shows them at their box.
  for (const sticker of plan.stickers ?? [])
    if (sticker.baked) layers.push({ file: sticker.file, box: sticker.box, fit: 'fill' });

  const recipe = {
    still: plan.frame,
    background: plan.background && identity(plan.background),
    layers: layers.map((l) => ({ ...l, file: identity(l.file) })),
  };
  await throughCache(cache, recipe, output, async () => {
    const overlays: OverlayOptions[] = [];
    for (const l of layers) overlays.push(...(await placed(l.file, l.box, plan.frame, l.fit, l.shared)));
    const base = await backdrop(plan.background, width, height);
    await sharp(base.data, { raw: base.raw }).composite(overlays).png({ compressionLevel: 1 }).toFile(output);
  });
}

/**
 * The presenter body alone on a transparent picture of its area of the frame (frontArea): on pages
 * with a video it is drawn over the video there (the still below then holds only the background).
 */
export async function composeFront(
  plan: PagePlan,
  output: string,
  box: Box = plan.character.box,
  cache?: PageCache,
): Promise<void> {
  const area = frontArea(box, plan.frame);
  const body = plan.character.rig.body;
  await throughCache(cache, { front: plan.frame, area, body: identity(body), box }, output, async () => {
    const layers = (await placed(body, box, plan.frame, 'fill', true)).map((l) => ({
      ...l,
      left: l.left! - area.x,
      top: l.top! - area.y,
    }));
    const { width, height } = area;
    await sharp({ create: { width, height, channels: 4, background: TRANSPARENT } })
      .composite(layers)
      .png({ compressionLevel: 1 })
      .toFile(output);
  });
}

/** Bump when stills are drawn differently from the same recipe: every cached still is drawn again. */
const STILL_CACHE_VERSION = 1;

/**
 * Draws `output` unless `cache` holds a still of the same recipe (what is drawn where, its files
 * by identity), which is then linked to `output`; a drawn still is stored for the next render. A
 * re-render whose pages changed but not their stills (narration, subtitles, music, timed stickers)
 * draws none of them again: 2.3 of the bench's 4.4 CPU s outside ffmpeg on AMD EPYC (issue 15).
 */
async function throughCache(
  cache: PageCache | undefined,
  recipe: object,
  output: string,
  draw: () => Promise<void>,
): Promise<void> {
  if (!cache) return draw();
  const key = createHash('sha256')
    .update(JSON.stringify([STILL_CACHE_VERSION, recipe]))
    .digest('hex')
    .slice(0, 40);
  if (await cache.take(key, output)) return;
  await draw();
  await cache.put(key, output);
}

/**
 * The still cache of this machine: DATA_DIR/cache/stills, beside the page cache (a page's work
 * folder is always a folder of DATA_DIR/tmp). Pruned at most once an hour, least recently used first.
 */
export async function stillCacheOf(work: string, now = Date.now()): Promise<PageCache> {
  const dir = path.join(path.dirname(path.dirname(work)), 'cache', 'stills');
  const cache = new PageCache(dir, STILL_LIMITS, '.png');
  await cache.pruneHourly(now);
  return cache;
}
/** About 300 1080p stills; a still unused for two weeks is drawn again when needed. */
const STILL_LIMITS = { maxBytes: 1024 ** 3, maxAgeMs: 14 * 86_400_000 };

/**
 * An image resized to `box` and cut to the part inside the frame: sharp refuses overlays that
 * reach past the canvas, but on the stage a presenter may stand partly outside it. `shared`: the
 * same picture at the same box on every page (the presenter), kept decoded for the next still.
 */
async function placed(
  file: string,
  box: Box,
  frame: { width: number; height: number },
  fit: 'fill' | 'contain',
  shared = false,
): Promise<OverlayOptions[]> {
  const w = Math.max(1, Math.round(box.width));
  const h = Math.max(1, Math.round(box.height));
  const left = Math.max(0, Math.round(box.x));
  const top = Math.max(0, Math.round(box.y));
  const right = Math.min(frame.width, Math.round(box.x) + w);
  const bottom = Math.min(frame.height, Math.round(box.y) + h);
  if (right <= left || bottom <= top) return [];
  const cut = {
    left: left - Math.round(box.x),
    top: top - Math.round(box.y),
    width: right - left,
    height: bottom - top,
  };
  // Resized, then cut (sharp extracts after the resize when called after it).
  const make = () => pixels(sharp(file).resize(w, h, { fit, background: TRANSPARENT }).extract(cut));
  const layer = shared
    ? await memoised(`${identity(file)}|${fit}|${w}x${h}|${JSON.stringify(cut)}`, make)
    : await make();
  return [{ input: layer.data, raw: layer.raw, left, top }];
}

/**
 * A fully transparent copy of `like` (the "eyes open" frame of the blink track). The concat demuxer
 * needs every image of a track to share size and pixel format, so it is derived from the sprite.
 */
export async function transparentLike(like: string, output: string): Promise<void> {
  await sharp(like).removeAlpha().ensureAlpha(0).png().toFile(output);
}
