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
    const newTexture = {
      ...DEFAULT_TEXTURE_SIZE,
      x: Math.round((frame.width - DEFAULT_TEXTURE_SIZE.width) / 2),
      y: Math.round((frame.height - DEFAULT_TEXTURE_SIZE.height) / 2),
    };
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

/** How far each new sticker is set from one already at its place (preview px, right and down). */
export const NEW_TEXTURE_STEP = 24;

/**
 * New stickers start in the middle of the preview; one that would land exactly on another sticker
 * of the page (two inserted in a row) moves down and right by a step until its place is free, so
 * each can be seen and grabbed. Stickers the page already had keep their places. When every step
 * up to the frame's edge is taken, it stays in the middle.
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
