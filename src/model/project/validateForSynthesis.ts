import type { ProjectDocument } from './documentSchema';
import { err, needsConfirmation, ok, type Result } from './result';
import { messages, pageAudioMissing, pageTextMissing, pageTextTooLong } from './messages';
import { narrationLength } from './narrationRules';
import { isPlaceholderText } from './narrationRules';
import { MAX_NARRATION_CHARS, MIN_NARRATION_CHARS, VOICE_MODE } from './constants';

/** True when a presenter is chosen. */
export const hasCharacter = (doc: ProjectDocument) =>
  doc.character.uuid !== '' || doc.character.staticImg !== '';
/** True when a voice is chosen. */
export const hasVoice = (doc: ProjectDocument) => doc.character.voiceId !== '';
/** True when a scene background is chosen. */
export const hasScene = (doc: ProjectDocument) => doc.scene.uuid !== '' || doc.scene.icon !== '';
/** True when the project uses a PDF (the 无需PDF path leaves ppt.uuid empty). */
export const hasPdf = (doc: ProjectDocument) => doc.ppt.uuid !== '';
/** True when the 镜头 tab is enabled: shot tags frame the slide, so they need a PDF (spec 2). */
export const canInsertShotTags = hasPdf;

export interface SynthesisCheckOptions {
  /** The author has answered yes to 未选择PDF，是否继续合成?. */
  continueWithoutPdf?: boolean;
}

/**
 * Pre-synthesis validation in the spec's order (section 5). The first problem wins. Without a PDF
 * the answer is a confirmation (`confirm: true`); call again with continueWithoutPdf after a yes.
 * A page still holding the PDF placeholder counts as unsaved, so it is never read out in a video.
 */
export function validateForSynthesis(
  doc: ProjectDocument,
  options: SynthesisCheckOptions = {},
): Result<ProjectDocument> {
  if (!hasCharacter(doc)) return err(messages.characterMissing);
  if (!hasVoice(doc)) return err(messages.voiceMissing);
  if (!hasScene(doc)) return err(messages.sceneMissing);
  if (!hasPdf(doc) && !options.continueWithoutPdf) return needsConfirmation(messages.confirmNoPdf);
  if (doc.ppt.pages.length === 0) return err(messages.noPages);
  for (const [i, page] of doc.ppt.pages.entries()) {
    const n = i + 1;
    const length = narrationLength(page.text);
    if (length > MAX_NARRATION_CHARS) return err(pageTextTooLong(n));
    if (page.istts === VOICE_MODE) {
      if (page.tts.trim() === '') return err(pageAudioMissing(n));
    } else if (length < MIN_NARRATION_CHARS || isPlaceholderText(page.text)) {
      return err(pageTextMissing(n));
    }
  }
  return ok(doc);
}
