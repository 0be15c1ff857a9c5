import type { CharacterItem, SceneItem, VoiceItem } from '../../../api/library.contract';
import {
  addPage,
  chooseVoice,
  err,
  messages,
  ok,
  pagesWithoutPdf,
  saveNarration,
  textToNarrationHtml,
  type ProjectDocument,
  type Result,
} from '../../../model/project';
import { voiceChoice } from '../../../api/libraryChoices';
import { chooseLibraryScene, choosePresenter } from '../editor/library/libraryCommands';

/** What 一键成片 turns into a project: page narrations and the three library choices. */
export interface ScriptProjectInput {
  pages: readonly string[];
  character: CharacterItem;
  voice: VoiceItem;
  scene: SceneItem;
}

/**
 * 一键成片's document: the scene first (it decides the orientation the presenter is fitted to), one
 * text page per narration without a PDF, then the presenter at its natural size and the voice.
 * Every step is the editor's own command, so the result is what the author would have built by hand.
 */
export function buildScriptProject(doc: ProjectDocument, input: ScriptProjectInput): Result<ProjectDocument> {
  if (input.pages.length === 0) return err(messages.textTooShort);
  const natural = { width: input.character.width, height: input.character.height };
  let result = chooseLibraryScene(doc, input.scene, natural);
  for (let i = result.ok ? result.value.ppt.pages.length : 0; result.ok && i < input.pages.length; i++)
    result = addPage(result.value);
  if (result.ok) result = pagesWithoutPdf(result.value);
  for (let at = 0; result.ok && at < input.pages.length; at++)
    result = saveNarration(result.value, at, textToNarrationHtml(input.pages[at]));
  if (result.ok) result = choosePresenter(result.value, input.character, null);
  if (result.ok) result = chooseVoice(result.value, voiceChoice(input.voice));
  return result.ok ? ok(result.value) : result;
}
