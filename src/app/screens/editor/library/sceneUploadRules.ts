import { pictureFormatOf } from '../../../../model/fileSignature';
import {
  SCENE_IMAGE_EXTENSIONS,
  SCENE_MAX_BYTES,
  SCENE_NAME_MAX,
  sceneMessages,
} from '../../../../api/scene.contract';

/** What the 上传自定义背景 form holds before it is sent. */
export interface SceneDraft {
  name: string;
  sizeType: 1 | 2;
  file: File | null;
}
export type SceneDraftErrors = Partial<Record<'name' | 'file', string>>;

const ACCEPTED_TYPES = new Set(['', 'image/png', 'image/jpeg', 'image/jpg', 'image/pjpeg']);

/** The picker's `accept` (spec 5 "Scene image": .png and .jpg). */
export const SCENE_IMAGE_ACCEPT = [...SCENE_IMAGE_EXTENSIONS, 'image/png', 'image/jpeg'].join(',');

/** Spec 5 form rules: name required (请输入背景名称), image required (请上传背景图片). */
export function validateSceneDraft(draft: SceneDraft): SceneDraftErrors {
  const errors: SceneDraftErrors = {};
  if (!draft.name.trim()) errors.name = sceneMessages.nameRequired;
  else if (draft.name.trim().length > SCENE_NAME_MAX) errors.name = sceneMessages.nameTooLong;
  if (!draft.file) errors.file = sceneMessages.pathRequired;
  return errors;
}

/** Quick check by name, type and size, before reading the file. */
export function checkSceneFile(file: { name: string; type: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  if (!SCENE_IMAGE_EXTENSIONS.some((ext) => name.endsWith(ext)) || !ACCEPTED_TYPES.has(file.type)) {
    return sceneMessages.notImage;
  }
  if (file.size > SCENE_MAX_BYTES) return sceneMessages.tooLarge;
  return null;
}

/** True when the first bytes are a PNG or JPEG signature (the server checks again). */
export function isPngOrJpeg(head: Uint8Array): boolean {
  const format = pictureFormatOf(head);
  return format === 'png' || format === 'jpeg';
}

/** The full client check of a picked image: name, type, size, then its first bytes. */
export async function checkSceneImage(file: File): Promise<string | null> {
  const quick = checkSceneFile(file);
  if (quick) return quick;
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  return isPngOrJpeg(head) ? null : sceneMessages.notImage;
}
