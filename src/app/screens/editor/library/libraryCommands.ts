import type { CharacterItem, SceneItem, VoiceItem } from '../../../../api/library.contract';
import { characterChoice, sceneChoice, voiceChoice } from '../../../../api/libraryChoices';
import {
  chooseCharacter,
  chooseScene,
  chooseVoice,
  docCommand,
  keepCharacterInFrame,
  type ProjectDocument,
  type Result,
} from '../../../../model/project';

/*
 * The left tabs' choices as single document commands (one dispatch, one undo step); the list
 * items become choice shapes through api/libraryChoices.
 */

/**
 * Chooses a presenter at its natural size (so the model fits it to the canvas), keeps it inside
 * the canvas, and, when the project has no voice yet, also takes the presenter's suggested voice.
 */
export const choosePresenter = docCommand({
  name: 'choosePresenter',
  perform(doc: ProjectDocument, c: CharacterItem, suggested: VoiceItem | null): Result<ProjectDocument> {
    const chosen = chooseCharacter(doc, characterChoice(c));
    if (!chosen.ok) return chosen;
    const placed = keepCharacterInFrame(chosen.value);
    if (!placed.ok || doc.character.voiceId || !suggested) return placed;
    return chooseVoice(placed.value, voiceChoice(suggested));
  },
});

/** Chooses a scene; `natural` is the current presenter's natural size when known. */
export const chooseLibraryScene = docCommand({
  name: 'chooseLibraryScene',
  perform(
    doc: ProjectDocument,
    s: SceneItem,
    natural?: { width: number; height: number },
  ): Result<ProjectDocument> {
    return chooseScene(doc, sceneChoice(s), natural);
  },
});

/** True when the item is the one the document uses. */
export const isChosenCharacter = (doc: ProjectDocument | null, c: CharacterItem) =>
  !!doc && doc.character.uuid !== '' && doc.character.uuid === String(c.id);
export const isChosenScene = (doc: ProjectDocument | null, s: SceneItem) =>
  !!doc && doc.scene.uuid !== '' && doc.scene.uuid === String(s.id);
export const isChosenVoice = (doc: ProjectDocument | null, v: VoiceItem) =>
  !!doc && doc.character.voiceId !== '' && doc.character.voiceId === String(v.id);
