import { mkdir, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { writeSpriteFrames, type RgbaPicture } from './media/spriteFrames';

/*
 * Pre-composed head sprites of a layered presenter (issue 15): the head with one mouth shape and
 * open or closed eyes drawn on it, turned by one angle step, at the export size. The render shows
 * one of these per frame instead of turning the head in ffmpeg on every frame. Stored uncompressed,
 * which ffmpeg reads with a copy where a PNG costs an inflate per frame it is shown on (measured:
 * 60 s of a 328 x 542 head sprite changing every second frame, 1.6-1.9 CPU s as PAM or TGA against
 * 4.3-4.8 s as PNG; turning it per frame 6-9 s), and already in the page graph's pixel format
 * (yuva420p NUT, media/spriteFrames.ts), which saves converting every entry of every track.
 */

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What a head sprite is made of: the rig's files and the layout at one export size. */
export interface HeadLook {
  head: string;
  mouths: Record<string, string>;
  blink: string;
  /** Eyes open with the brows lifted, drawn at the eyes box like the blink. */
  brows?: string;
  /** Sprite size (export px). */
  width: number;
  height: number;
  /** The mouth and eyes boxes relative to the sprite's corner (export px). */
  mouth: Rect;
  eyes: Rect;
}

/** One pre-composed sprite: the turn (radians, clockwise), the mouth shape and the eye picture. */
export interface HeadPose {
  angle: number;
  shape: string;
  eyes: 'open' | 'closed' | 'lifted';
}

/** An RGBA picture in memory. */
type Raw = RgbaPicture;

async function rawAt(file: string, width: number, height: number): Promise<Raw> {
  const data = await sharp(file).ensureAlpha().resize(width, height, { fit: 'fill' }).raw().toBuffer();
  return { data, width, height };
}

/** Draws `top` over `base` (straight alpha) with its corner at `at`, in place. */
function drawOver(base: Raw, top: Raw, at: { x: number; y: number }) {
  for (let y = 0; y < top.height; y++) {
    const by = y + at.y;
    if (by < 0 || by >= base.height) continue;
    for (let x = 0; x < top.width; x++) {
      const bx = x + at.x;
      if (bx < 0 || bx >= base.width) continue;
      const t = (y * top.width + x) * 4;
      const b = (by * base.width + bx) * 4;
      const ta = top.data[t + 3] / 255;
      if (ta === 0) continue;
      const ba = base.data[b + 3] / 255;
      const a = ta + ba * (1 - ta);
      for (let c = 0; c < 3; c++) {
        base.data[b + c] = Math.round((top.data[t + c] * ta + base.data[b + c] * ba * (1 - ta)) / a);
      }
      base.data[b + 3] = Math.round(a * 255);
    }
  }
}

/** A rectangle of pixels, `x1` and `y1` exclusive. */
interface Span {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * The premultiplied picture with a transparent border of one pixel (every bilinear tap is in
 * range), written into `pre` over `span` only (the rest is kept: a face differs from its head only
 * where the mouth and eyes are).
 */
function premultiplied(src: Raw, pre: Float32Array, span: Span): Float32Array {
  const W = src.width + 2;
  for (let y = span.y0; y < span.y1; y++) {
    for (let x = span.x0; x < span.x1; x++) {
      const i = (y * src.width + x) * 4;
      const o = ((y + 1) * W + x + 1) * 4;
      const a = src.data[i + 3];
      pre[o] = (src.data[i] * a) / 255;
      pre[o + 1] = (src.data[i + 1] * a) / 255;
      pre[o + 2] = (src.data[i + 2] * a) / 255;
      pre[o + 3] = a;
    }
  }
  return pre;
}

/**
 * Pixels `span` of the picture `pre` (premultiplied, bordered; w x h inside) turned clockwise by
 * `angle` about its centre, bilinear, into `out` (straight RGBA, same size). The centre is the one
 * ffmpeg's `rotate` turns about (measured: the alpha of a turned head differs by 0.015 of 255 on
 * average), so the sprite lands on the pixels it did; premultiplying leaves no dark fringe where
 * the hair meets the transparent corners.
 */
function turnInto(pre: Float32Array, w: number, h: number, angle: number, out: Buffer, span: Span) {
  const W = w + 2;
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const cx = (w - 1) / 2;
  const cy = (h - 1) / 2;
  for (let y = span.y0; y < span.y1; y++) {
    for (let x = span.x0; x < span.x1; x++) {
      const o = (y * w + x) * 4;
      // The source point that turns onto (x, y), in the bordered picture.
      const sx = c * (x - cx) + s * (y - cy) + cx + 1;
      const sy = -s * (x - cx) + c * (y - cy) + cy + 1;
      out[o] = out[o + 1] = out[o + 2] = out[o + 3] = 0;
      if (sx < 0 || sy < 0 || sx >= W - 1 || sy >= h + 1) continue;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const w00 = (1 - fx) * (1 - fy);
      const w10 = fx * (1 - fy);
      const w01 = (1 - fx) * fy;
      const w11 = fx * fy;
      const i00 = (y0 * W + x0) * 4;
      const i01 = i00 + W * 4;
      const a = pre[i00 + 3] * w00 + pre[i00 + 7] * w10 + pre[i01 + 3] * w01 + pre[i01 + 7] * w11;
      if (a < 0.5) continue;
      for (let k = 0; k < 3; k++) {
        const v = pre[i00 + k] * w00 + pre[i00 + 4 + k] * w10 + pre[i01 + k] * w01 + pre[i01 + 4 + k] * w11;
        out[o + k] = Math.min(255, Math.round((v * 255) / a));
      }
      out[o + 3] = Math.round(a);
    }
  }
}

/** `src` turned clockwise by `angle` (radians) about its centre, same size (see turnInto). */
export function turned(src: Raw, angle: number): Raw {
  const { width: w, height: h } = src;
  const whole = { x0: 0, y0: 0, x1: w, y1: h };
  const pre = premultiplied(src, new Float32Array((w + 2) * (h + 2) * 4), whole);
  const out = Buffer.alloc(w * h * 4);
  turnInto(pre, w, h, angle, out, whole);
  return { data: out, width: w, height: h };
}

/** The output pixels a turn by `angle` can draw from source pixels in `box` (a margin for the taps). */
function turnedSpan(box: Span, w: number, h: number, angle: number): Span {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const cx = (w - 1) / 2;
  const cy = (h - 1) / 2;
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [x, y] of [
    [box.x0, box.y0],
    [box.x1, box.y0],
    [box.x0, box.y1],
    [box.x1, box.y1],
  ]) {
    xs.push(c * (x - cx) - s * (y - cy) + cx);
    ys.push(s * (x - cx) + c * (y - cy) + cy);
  }
  return {
    x0: Math.max(0, Math.floor(Math.min(...xs)) - 2),
    y0: Math.max(0, Math.floor(Math.min(...ys)) - 2),
    x1: Math.min(w, Math.ceil(Math.max(...xs)) + 2),
    y1: Math.min(h, Math.ceil(Math.max(...ys)) + 2),
  };
}

/**
 * Makes the head sprites `wanted` (file name -> pose) of one look in `dir` where they are not
 * there yet, as one-frame yuva420p NUT files (media/spriteFrames.ts: each written beside, then
 * renamed, so pages rendering at once never read half a file), and marks the ones found as used
 * (their mtime, which pruning orders by). Answers how many it made.
 */
export async function ensureHeadSprites(
  look: HeadLook,
  wanted: Map<string, HeadPose>,
  dir: string,
): Promise<number> {
  await mkdir(dir, { recursive: true });
  const missing = new Map<string, HeadPose>();
  const now = new Date();
  for (const [name, pose] of wanted) {
    const file = path.join(dir, name);
    if (await stat(file).catch(() => null)) await utimes(file, now, now).catch(() => undefined);
    else missing.set(name, pose);
  }
  if (!missing.size) return 0;
  const made = await drawHeadSprites(look, missing);
  await writeSpriteFrames(
    made.map((m) => m.picture),
    made.map((m) => path.join(dir, m.name)),
  );
  return made.length;
}

/** The RGBA pictures of the head sprites `poses` (name -> pose) of one look. */
export async function drawHeadSprites(
  look: HeadLook,
  poses: Map<string, HeadPose>,
): Promise<{ name: string; picture: RgbaPicture }[]> {
  const { width, height } = look;
  const head = await rawAt(look.head, width, height);
  const whole = { x0: 0, y0: 0, x1: width, y1: height };
  const headPre = premultiplied(head, new Float32Array((width + 2) * (height + 2) * 4), whole);
  // Where a face differs from the bare head: the mouth and eyes boxes.
  const inner = {
    x0: Math.max(0, Math.min(look.mouth.x, look.eyes.x)),
    y0: Math.max(0, Math.min(look.mouth.y, look.eyes.y)),
    x1: Math.min(width, Math.max(look.mouth.x + look.mouth.width, look.eyes.x + look.eyes.width)),
    y1: Math.min(height, Math.max(look.mouth.y + look.mouth.height, look.eyes.y + look.eyes.height)),
  };
  const parts = new Map<string, Raw>();
  const part = async (file: string, box: Rect) => {
    const known = parts.get(file) ?? (await rawAt(file, box.width, box.height));
    parts.set(file, known);
    return known;
  };
  // The bare head turned once per angle; each face redraws only the pixels its mouth and eyes reach.
  const heads = new Map<number, Buffer>();
  const made: { name: string; picture: RgbaPicture }[] = [];
  for (const [name, pose] of poses) {
    let bare = heads.get(pose.angle);
    if (!bare) {
      bare = Buffer.alloc(width * height * 4);
      turnInto(headPre, width, height, pose.angle, bare, whole);
      heads.set(pose.angle, bare);
    }
    const face: Raw = { ...head, data: Buffer.from(head.data) };
    drawOver(face, await part(look.mouths[pose.shape] ?? look.mouths.X, look.mouth), look.mouth);
    const eyes = pose.eyes === 'closed' ? look.blink : pose.eyes === 'lifted' ? look.brows : undefined;
    if (eyes) drawOver(face, await part(eyes, look.eyes), look.eyes);
    const pre = premultiplied(face, headPre.slice(), inner);
    const out = Buffer.from(bare);
    turnInto(pre, width, height, pose.angle, out, turnedSpan(inner, width, height, pose.angle));
    made.push({ name, picture: { data: out, width, height } });
  }
  return made;
}
