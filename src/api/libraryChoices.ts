import type { CharacterChoice, SceneChoice, VoiceChoice } from '../model/project';
import type { CharacterItem, SceneItem, VoiceItem } from './library.contract';

/*
 * Library list items (spec 3) as the document's choice shapes: one mapping for the editor, the
 * helper tools, 用 TA 做视频 and the server's example projects.
 */

/** A presenter at its natural size (the model fits it to the canvas). */
export function characterChoice(c: CharacterItem): CharacterChoice {
  return {
    id: c.id,
    name: c.name,
    icon: c.icon,
    staticImg: c.static_img,
    video: c.video,
    type: c.type,
    width: c.width,
    height: c.height,
  };
}

/** Spec 4 voice choice from a voice list item. */
export function voiceChoice(v: Pick<VoiceItem, 'id' | 'name' | 'show_name' | 'isPublic'>): VoiceChoice {
  return { id: v.id, name: v.name, show_name: v.show_name, isPublic: v.isPublic === 2 ? 2 : 1 };
}

/** A scene at its orientation (sizeType 2 portrait, anything else landscape). */
export function sceneChoice(s: Pick<SceneItem, 'id' | 'name' | 'path' | 'sizeType' | 'userId'>): SceneChoice {
  return { id: s.id, name: s.name, path: s.path, sizeType: s.sizeType === 2 ? 2 : 1, userId: s.userId };
}
