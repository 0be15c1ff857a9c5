import type { CommandInfo } from './docCommand';
import { addPage, deletePage, duplicatePage, movePage, pagesFromPdf, pagesWithoutPdf } from './pageCommands';
import { deleteTexture, moveTexture, nudgeTexture, restoreTextures } from './stickerCommands';
import {
  dropSpeechAudio,
  setPageAudio,
  setSegmentAudio,
  switchToTextMode,
  switchToVoiceMode,
} from './narrationMode';
import { removePageAudio } from './pageAudio';
import { attachVideo, deleteVideo, muteVideo, unmuteVideo } from './pageVideo';
import { setBackgroundMusic } from './backgroundMusic';
import { saveNarration } from './saveNarration';
import { keepCharacterInFrame, moveCharacter, moveSlide, placeCharacter } from './placement';
import { switchOrientation } from './switchOrientation';
import { chooseCharacter, chooseScene, chooseVoice } from './choices';
import { nudgeItem } from './nudgeItem';
import { setSubtitle, withProjectName } from './projectSettings';

/** Every document command of the model, for lookups by name or key and for checking the table. */
export const DOC_COMMANDS: readonly CommandInfo[] = [
  pagesFromPdf,
  pagesWithoutPdf,
  addPage,
  duplicatePage,
  deletePage,
  movePage,
  saveNarration,
  switchToVoiceMode,
  switchToTextMode,
  setPageAudio,
  setSegmentAudio,
  dropSpeechAudio,
  removePageAudio,
  attachVideo,
  deleteVideo,
  muteVideo,
  unmuteVideo,
  moveTexture,
  nudgeTexture,
  deleteTexture,
  restoreTextures,
  moveCharacter,
  placeCharacter,
  moveSlide,
  keepCharacterInFrame,
  nudgeItem,
  switchOrientation,
  chooseScene,
  chooseCharacter,
  chooseVoice,
  setBackgroundMusic,
  setSubtitle,
  withProjectName,
];

/** The command a key runs on the item selected on the preview, if any. */
export function commandForKey(key: string): CommandInfo | undefined {
  return DOC_COMMANDS.find((c) => c.keys.includes(key));
}
