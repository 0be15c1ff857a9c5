import type { ProjectDocument } from './documentSchema';
import { ok, type Result } from './result';
import { updatePage } from './updatePage';
import { sanitizeNarrationHtml } from './sanitizeNarrationHtml';
import { divideNarration } from './divideNarration';
import { checkPageText, withTimes } from './narrationRules';
import { parseNarration } from './parseNarration';
import { DEFAULT_TEXTURE_SIZE, orientationOf, PREVIEW_FRAME } from './frames';
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
      const next = divideNarration({ ...page, textdome }, newTexture);
      const stale = page.istts === TEXT_MODE && next.text !== page.text;
      return ok(stale ? { ...next, tts: '', soundTime: 0 } : next);
    });
    return saved.ok ? ok(withTimes(saved.value)) : saved;
  },
});
