import { TEXT_MODE, VOICE_MODE } from './constants';
import type { ProjectDocument } from './documentSchema';
import type { Page } from './pageSchema';
import { isPlaceholderText } from './narrationRules';

/**
 * In a voice video project (语音视频) narration is uploaded or recorded, so untouched pages (no
 * narration written, no audio yet, at most the PDF placeholder) are put in voice mode. Pages the
 * author already wrote on, or switched to text mode and wrote on, are left alone.
 */
export function preferVoiceMode(doc: ProjectDocument): ProjectDocument {
  let changed = false;
  const pages = doc.ppt.pages.map((page): Page => {
    const untouched =
      page.istts === TEXT_MODE && !page.tts && (!page.text.trim() || isPlaceholderText(page.text));
    if (!untouched) return page;
    changed = true;
    return { ...page, istts: VOICE_MODE, text: '', textdome: '', childList: [], textureList: [] };
  });
  return changed ? { ...doc, ppt: { ...doc.ppt, pages } } : doc;
}
