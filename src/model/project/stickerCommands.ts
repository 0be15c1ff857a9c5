import type { ProjectDocument } from './documentSchema';
import type { Page, Texture } from './pageSchema';
import type { Box } from './dragBounds';
import type { NarrationMarker } from './narrationMarkers';
import { err, ok, type Result } from './result';
import { updatePage, withPages } from './updatePage';
import { orientationOf, PREVIEW_FRAME, type Size } from './frames';
import { divideNarration } from './divideNarration';
import { withTimes } from './narrationRules';
import { rewriteNarrationMarkers } from './sanitizeNarrationHtml';
import { docCommand } from './docCommand';

/*
 * Stickers and GIFs on the preview (spec 2 "Canvas", 3 "Texture on a page"): moving, nudging,
 * resizing and deleting one texture of a page, and restoring paths when a project is opened.
 * A page's textureList follows its sticker markers in narration order (divideNarration builds it
 * so), which is how a texture finds its marker: the k-th texture is the k-th sticker marker.
 */

/** Smallest sticker side a resize may leave, so its handles can still be grabbed. */
export const MIN_TEXTURE_SIZE = 10;

export const stickerMessages = {
  notFound: '贴图不存在',
  invalid: '位置无效',
} as const;

/** Which corner handle of a sticker is dragged. */
export type Corner = 'nw' | 'ne' | 'sw' | 'se';

const finite = (...values: number[]) => values.every((v) => Number.isFinite(v));
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The preview frame of a document (960x540 or 375x667). */
function frameOf(doc: ProjectDocument): Size {
  return PREVIEW_FRAME[orientationOf(doc.distinguishability)];
}

/** A texture's box on the canvas. */
export function textureBox(t: Texture): Box {
  return { x: t.x, y: t.y, width: t.width, height: t.height };
}

/** Keeps a sticker box whole inside the frame: sides 10 to the frame's size, no edge outside. */
export function clampTextureBox(box: Box, frame: Size): Box {
  const width = clamp(Math.round(box.width), MIN_TEXTURE_SIZE, frame.width);
  const height = clamp(Math.round(box.height), MIN_TEXTURE_SIZE, frame.height);
  return {
    x: clamp(Math.round(box.x), 0, frame.width - width),
    y: clamp(Math.round(box.y), 0, frame.height - height),
    width,
    height,
  };
}

/**
 * A sticker box brought inside another frame (an orientation switch): shrunk with its aspect kept
 * when a side is larger than the frame, then moved inside as clampTextureBox does.
 */
export function fitTextureBox(box: Box, frame: Size): Box {
  const s = Math.min(1, frame.width / box.width, frame.height / box.height);
  if (!(s > 0 && s < 1)) return clampTextureBox(box, frame);
  return clampTextureBox({ ...box, width: box.width * s, height: box.height * s }, frame);
}

/**
 * The box after dragging `corner` by dx,dy from `start`: the opposite corner stays put while the box
 * has room. With `keepAspect` the box follows the pointer along its diagonal and may grow up to the
 * frame's size; where it meets the frame it is pushed back inside, so a sticker touching an edge
 * still grows (away from that edge). With Shift (free) each side grows only up to the frame. The
 * result stays inside the frame and at least 10 units a side.
 */
export function resizeTextureBox(
  start: Box,
  corner: Corner,
  dx: number,
  dy: number,
  keepAspect: boolean,
  frame: Size,
): Box {
  if (keepAspect)
    return clampTextureBox(resizeFromCorner(start, corner, dx, dy, true, MIN_TEXTURE_SIZE, frame), frame);
  const anchorX = corner.endsWith('e') ? start.x : start.x + start.width;
  const anchorY = corner.startsWith('s') ? start.y : start.y + start.height;
  const max = {
    width: Math.max(MIN_TEXTURE_SIZE, corner.endsWith('e') ? frame.width - anchorX : anchorX),
    height: Math.max(MIN_TEXTURE_SIZE, corner.startsWith('s') ? frame.height - anchorY : anchorY),
  };
  return clampTextureBox(resizeFromCorner(start, corner, dx, dy, false, MIN_TEXTURE_SIZE, max), frame);
}

/**
 * `start` resized by dragging `corner` by dx,dy while the opposite corner stays put; with
 * `keepAspect` the size follows the pointer along the box's diagonal (and the aspect is kept at
 * the limits). Sides stay at least `min` and at most `max` (no bound when left out).
 */
export function resizeFromCorner(
  start: Box,
  corner: Corner,
  dx: number,
  dy: number,
  keepAspect: boolean,
  min: number,
  max: Size = { width: Infinity, height: Infinity },
): Box {
  const sx = corner.endsWith('e') ? 1 : -1;
  const sy = corner.startsWith('s') ? 1 : -1;
  let width: number;
  let height: number;
  if (keepAspect) {
    const { width: w0, height: h0 } = start;
    const k = 1 + (sx * dx * w0 + sy * dy * h0) / (w0 * w0 + h0 * h0);
    const lo = min / Math.min(w0, h0);
    const hi = Math.min(max.width / w0, max.height / h0);
    const scale = clamp(k, lo, Math.max(lo, hi));
    width = Math.round(w0 * scale);
    height = Math.round(h0 * scale);
  } else {
    width = Math.round(clamp(start.width + sx * dx, min, max.width));
    height = Math.round(clamp(start.height + sy * dy, min, max.height));
  }
  return {
    x: sx > 0 ? start.x : start.x + start.width - width,
    y: sy > 0 ? start.y : start.y + start.height - height,
    width,
    height,
  };
}

/** Moves and/or resizes texture `k` of page `at` (0-based), kept whole inside the frame. */
export const moveTexture = docCommand({
  name: 'moveTexture',
  perform(doc: ProjectDocument, at: number, k: number, box: Box): Result<ProjectDocument> {
    if (!finite(box.x, box.y, box.width, box.height)) return err(stickerMessages.invalid);
    const frame = frameOf(doc);
    let unchanged = false;
    const result = updatePage(doc, at, (page) => {
      const t = page.textureList[k];
      if (!t) return err(stickerMessages.notFound);
      const b = clampTextureBox(box, frame);
      unchanged = b.x === t.x && b.y === t.y && b.width === t.width && b.height === t.height;
      const textureList = page.textureList.slice();
      textureList[k] = { ...t, ...b };
      return ok({ ...page, textureList });
    });
    return result.ok && unchanged ? ok(doc) : result;
  },
});

/** Nudges texture `k` of page `at` by dx,dy units (Arrow keys: 1, with Shift: 10). */
export const nudgeTexture = docCommand({
  name: 'nudgeTexture',
  perform(doc: ProjectDocument, at: number, k: number, dx: number, dy: number): Result<ProjectDocument> {
    const t = doc.ppt.pages[at]?.textureList[k];
    if (!t) return err(stickerMessages.notFound);
    return moveTexture(doc, at, k, { ...textureBox(t), x: t.x + dx, y: t.y + dy });
  },
});

/**
 * Deletes texture `k` of page `at`: its marker leaves the narration and the page is divided again
 * (the segments around the marker join; text and page audio stay, since nothing spoken changed).
 */
export const deleteTexture = docCommand({
  name: 'deleteTexture',
  keys: ['Delete', 'Backspace'],
  perform(doc: ProjectDocument, at: number, k: number): Result<ProjectDocument> {
    const result = updatePage(doc, at, (page) => {
      if (!page.textureList[k]) return err(stickerMessages.notFound);
      return ok(withoutStickers(page, (_, i) => i === k));
    });
    return result.ok ? ok(withTimes(result.value)) : result;
  },
});

/**
 * When a project is opened (spec 7 texture/info): each texture gets the path the server answered
 * (with its cache-busting ?t=), and stickers whose texture is gone (null) are dropped with their
 * markers. The message names the pages that lost a sticker; no message when none was dropped.
 */
export const restoreTextures = docCommand({
  name: 'restoreTextures',
  perform(doc: ProjectDocument, paths: Record<string, string | null>): Result<ProjectDocument> {
    const losers: number[] = [];
    let dropped = 0;
    const pages = doc.ppt.pages.map((page) => {
      if (page.textureList.length === 0) return page;
      const gone = (t: Texture) => paths[t.textureId] === null;
      const lost = page.textureList.filter(gone).length;
      const refreshed = withPaths(page, paths);
      if (lost === 0) return refreshed;
      losers.push(page.index);
      dropped += lost;
      return withoutStickers(refreshed, (t) => gone(t));
    });
    const next = withTimes(withPages(doc, pages));
    if (dropped === 0) return ok(next);
    return ok(next, `第${losers.join('、')}页有 ${dropped} 个贴图已被删除，已从页面移除`);
  },
});

function withPaths(page: Page, paths: Record<string, string | null>): Page {
  let changed = false;
  const textureList = page.textureList.map((t) => {
    const path = paths[t.textureId];
    if (typeof path !== 'string' || path === t.path) return t;
    changed = true;
    return { ...t, path };
  });
  return changed ? { ...page, textureList } : page;
}

/**
 * The page without the textures `drop` picks, and without their narration markers. Kept markers
 * are written with their texture's instance id and path, so divideNarration matches every
 * remaining sticker to its own position, size and path even when the markers carried no data-id.
 */
function withoutStickers(page: Page, drop: (t: Texture, k: number) => boolean): Page {
  let k = 0;
  const textdome = rewriteNarrationMarkers(page.textdome, (m): NarrationMarker | null => {
    if (m.type !== 'sticker') return m;
    const t = page.textureList[k];
    const i = k++;
    if (!t) return m;
    return drop(t, i) ? null : { ...m, id: t.id, path: t.path || m.path };
  });
  const textureList = page.textureList.filter((t, i) => !drop(t, i));
  return divideNarration({ ...page, textdome, textureList });
}
