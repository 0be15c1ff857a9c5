import type { ProjectDocument } from './documentSchema';
import { err, ok, type Result } from './result';
import { updatePage } from './updatePage';
import { withTimes } from './narrationRules';
import { VOICE_MODE } from './constants';
import { messages } from './messages';
import { docCommand } from './docCommand';

/** True when page `at` is a voice page (istts 1) that has its uploaded or recorded audio. */
export function hasPageAudio(doc: ProjectDocument, at: number): boolean {
  const page = doc.ppt.pages[at];
  return !!page && page.istts === VOICE_MODE && page.tts.startsWith('/');
}

/**
 * 删除音频 on a voice page: removes the uploaded or recorded audio (url, length, mouth video) and
 * keeps the page in voice mode, so 第N页未上传音频 holds until new audio is given. Text pages and
 * voice pages without audio come back unchanged (no undo step).
 */
export const removePageAudio = docCommand({
  name: 'removePageAudio',
  perform(doc: ProjectDocument, at: number): Result<ProjectDocument> {
    const page = doc.ppt.pages[at];
    if (!Number.isInteger(at) || !page) return err(messages.noSuchPage);
    if (page.istts !== VOICE_MODE || (page.tts === '' && page.soundTime === 0)) return ok(doc);
    const r = updatePage(doc, at, (p) => ok({ ...p, tts: '', soundTime: 0, pageMouthVideo: '' }));
    return r.ok ? ok(withTimes(r.value)) : r;
  },
});
