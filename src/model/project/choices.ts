import type { ProjectDocument } from './documentSchema';
import { ok, type Result } from './result';
import { switchOrientation, fitCharacter } from './switchOrientation';
import { PREVIEW_FRAME, type Size } from './frames';
import type { Orientation } from './constants';
import { docCommand } from './docCommand';

/*
 * Choices from the left tabs (spec 4): scene, character and voice. Callers map their list items
 * (spec 3 "Scene list item", "Character list item", "Voice item") to these shapes.
 */

/** A scene of the 场景 tab. `userId` set means the author's own upload. */
export interface SceneChoice {
  id: string | number;
  name: string;
  path: string;
  sizeType: Orientation;
  userId?: string | number | null;
}

/** Sets the scene fields and the project resolution from its sizeType; a change of orientation
 * first does the full landscape/portrait switch so the character and slide fit the new canvas. */
export const chooseScene = docCommand({
  name: 'chooseScene',
  perform(doc: ProjectDocument, scene: SceneChoice, natural?: Size): Result<ProjectDocument> {
    const switched = switchOrientation(doc, scene.sizeType, natural);
    if (!switched.ok) return switched;
    const d = switched.value;
    const frame = PREVIEW_FRAME[scene.sizeType];
    return ok({
      ...d,
      distinguishability: scene.sizeType,
      scene: {
        ...d.scene,
        uuid: String(scene.id),
        icon: scene.path,
        path: scene.path,
        name: scene.name,
        // 1 library scene, 2 the author's own: the spec gives only the default, this is our reading.
        type: scene.userId !== undefined && scene.userId !== null && scene.userId !== '' ? 2 : 1,
        backWidth: frame.width,
        backHeight: frame.height,
      },
    });
  },
});

/** A presenter of the 数字人 tab; width/height are its natural size when known. */
export interface CharacterChoice {
  id: string | number;
  name: string;
  /** Cover picture. */
  icon: string;
  staticImg: string;
  video?: string;
  type?: number;
  width?: number;
  height?: number;
}

/** Copies cover, name, static image, video and type; with a natural size the preview size is refit. */
export const chooseCharacter = docCommand({
  name: 'chooseCharacter',
  perform(doc: ProjectDocument, c: CharacterChoice): Result<ProjectDocument> {
    const size =
      c.width && c.height
        ? fitCharacter({ width: c.width, height: c.height }, doc.distinguishability)
        : { width: doc.character.width, height: doc.character.height };
    return ok({
      ...doc,
      character: {
        ...doc.character,
        uuid: String(c.id),
        icon: c.icon,
        name: c.name,
        staticImg: c.staticImg,
        video: c.video ?? '',
        type: c.type ?? 1,
        ...size,
      },
    });
  },
});

/** A voice of the 音色 tab (spec 3 "Voice item"). */
export interface VoiceChoice {
  id: string | number;
  /** Engine name. */
  name: string;
  /** Display name. */
  show_name: string;
  isPublic: 1 | 2;
}

/** Sets voice name (show_name), tone name (name), voice id and public flag on the character. */
export const chooseVoice = docCommand({
  name: 'chooseVoice',
  perform(doc: ProjectDocument, v: VoiceChoice): Result<ProjectDocument> {
    return ok({
      ...doc,
      character: {
        ...doc.character,
        voiceName: v.show_name,
        tonename: v.name,
        voiceId: String(v.id),
        isPublic: v.isPublic,
      },
    });
  },
});
