import type { ProjectDocument } from './documentSchema';
import { ok, type Result } from './result';
import { updatePage } from './updatePage';
import { sanitizeNarrationHtml } from './sanitizeNarrationHtml';
import { divideNarration } from './divideNarration';
import { checkPageText, withTimes } from './narrationRules';
import { parseNarration } from './parseNarration';
import { DEFAULT_TEXTURE_SIZE, orientationOf, PREVIEW_FRAME, type Size } from './frames';
import type { Page, Texture } from './pageSchema';
import { TEXT_MODE } from './constants';
import { docCommand } from './docCommand';
import type { Box } from './dragBounds';
import { characterBox } from './placement';

/**
 * 保 存 of the narration box (spec 4, 5): sanitises the HTML, checks 1 to 300 characters
 * (输入的单页文字大于300 / 输入的单页文字小于1), stores the rich text, re-reads plain text, shot
 * tags and sticker ids, divides into segments and textures, and refreshes the times. Changed text
 * in text mode drops the page audio, which no longer matches what would be spoken.
 */
export const saveNarration = docCommand({
  name: 'saveNarration',
  perform(doc: ProjectDocument, at: number, html: string): Result<ProjectDocument> {
    const textdome = sanitizeNarrationHtml(html);
    const frame = PREVIEW_FRAME[orientationOf(doc.distinguishability)];
    const newTexture = { ...DEFAULT_TEXTURE_SIZE, ...newTextureSpot(frame, characterBox(doc)) };
    const saved = updatePage(doc, at, (page) => {
      const check = checkPageText(parseNarration(textdome).text);
      if (!check.ok) return check;
      const next = spreadNewTextures(page, divideNarration({ ...page, textdome }, newTexture), frame);
      const stale = page.istts === TEXT_MODE && next.text !== page.text;
      return ok(stale ? { ...next, tts: '', soundTime: 0 } : next);
    });
    if (!saved.ok || saved.value === doc) return saved;
    return ok(withTimes(saved.value));
  },
});

/** Space kept between a new sticker and the presenter it is moved off (preview px). */
export const PRESENTER_GAP = 8;

/**
 * Where a new sticker starts: the middle of the preview, unless the presenter stands there (the
 * portrait default puts its chest in the middle): then beside the presenter, the first of above,
 * left and right that fits on the canvas, level with the middle where it can be. A presenter
 * filling the canvas leaves it in the middle.
 */
export function newTextureSpot(frame: Size, presenter: Box): { x: number; y: number } {
  const { width: w, height: h } = DEFAULT_TEXTURE_SIZE;
  const middle = { x: Math.round((frame.width - w) / 2), y: Math.round((frame.height - h) / 2) };
  if (!overlaps({ ...middle, width: w, height: h }, presenter)) return middle;
  const beside = [
    { x: middle.x, y: presenter.y - h - PRESENTER_GAP },
    { x: presenter.x - w - PRESENTER_GAP, y: middle.y },
    { x: presenter.x + presenter.width + PRESENTER_GAP, y: middle.y },
  ];
  const fits = (p: { x: number; y: number }) =>
    p.x >= 0 && p.y >= 0 && p.x + w <= frame.width && p.y + h <= frame.height;
  return beside.find(fits) ?? middle;
}

const overlaps = (a: Box, b: Box) =>
  b.width > 0 &&
  b.height > 0 &&
  a.x < b.x + b.width &&
  b.x < a.x + a.width &&
  a.y < b.y + b.height &&
  b.y < a.y + a.height;

/** How far each new sticker is set from one already at its place (preview px, right and down). */
export const NEW_TEXTURE_STEP = 24;

/**
 * New stickers start at newTextureSpot; one that would land exactly on another sticker
 * of the page (two inserted in a row) moves down and right by a step until its place is free, so
 * each can be seen and grabbed. Stickers the page already had keep their places. When every step
 * up to the frame's edge is taken, it stays at its start.
 */
function spreadNewTextures(before: Page, next: Page, frame: Size): Page {
  const known = new Set(before.textureList.map((t) => t.id));
  const spot = (t: Texture) => `${t.x},${t.y}`;
  const fits = (t: Texture) => t.x + t.width <= frame.width && t.y + t.height <= frame.height;
  const taken = new Set(next.textureList.filter((t) => known.has(t.id)).map(spot));
  const textureList = next.textureList.map((t) => {
    if (known.has(t.id)) return t;
    let placed = t;
    while (taken.has(spot(placed))) {
      const step = { ...placed, x: placed.x + NEW_TEXTURE_STEP, y: placed.y + NEW_TEXTURE_STEP };
      if (!fits(step)) {
        placed = t;
        break;
      }
      placed = step;
    }
    taken.add(spot(placed));
    return placed;
  });
  return { ...next, textureList };
}
