import type { CharacterItem, SceneItem, VoiceItem } from '../../../../api/library.contract';
import {
  chooseCharacter,
  chooseScene,
  chooseVoice,
  keepCharacterInFrame,
  type ProjectDocument,
  type Result,
} from '../../../../model/project';

/*
 * The left tabs' choices as single document commands (one dispatch, one undo step), mapping the
 * list items of spec 3 to the model's choice shapes.
 */

/** Spec 4 voice choice from a voice list item. */
export function voiceChoice(v: VoiceItem) {
  return { id: v.id, name: v.name, show_name: v.show_name, isPublic: v.isPublic === 2 ? 2 : 1 } as const;
}

/**
 * Chooses a presenter at its natural size (so the model fits it to the canvas), keeps it inside
 * the canvas, and, when the project has no voice yet, also takes the presenter's suggested voice.
 */
export function choosePresenter(
  doc: ProjectDocument,
  c: CharacterItem,
  suggested: VoiceItem | null,
): Result<ProjectDocument> {
  const chosen = chooseCharacter(doc, {
    id: c.id,
    name: c.name,
    icon: c.icon,
    staticImg: c.static_img,
    video: c.video,
    type: c.type,
    width: c.width,
    height: c.height,
  });
  if (!chosen.ok) return chosen;
  const placed = keepCharacterInFrame(chosen.value);
  if (!placed.ok || doc.character.voiceId || !suggested) return placed;
  return chooseVoice(placed.value, voiceChoice(suggested));
}

/** Chooses a scene; `natural` is the current presenter's natural size when known. */
export function chooseLibraryScene(
  doc: ProjectDocument,
  s: SceneItem,
  natural?: { width: number; height: number },
): Result<ProjectDocument> {
  return chooseScene(
    doc,
    { id: s.id, name: s.name, path: s.path, sizeType: s.sizeType === 2 ? 2 : 1, userId: s.userId },
    natural,
  );
}

/** True when the item is the one the document uses. */
export const isChosenCharacter = (doc: ProjectDocument | null, c: CharacterItem) =>
  !!doc && doc.character.uuid !== '' && doc.character.uuid === String(c.id);
export const isChosenScene = (doc: ProjectDocument | null, s: SceneItem) =>
  !!doc && doc.scene.uuid !== '' && doc.scene.uuid === String(s.id);
export const isChosenVoice = (doc: ProjectDocument | null, v: VoiceItem) =>
  !!doc && doc.character.voiceId !== '' && doc.character.voiceId === String(v.id);
