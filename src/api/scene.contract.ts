import { z } from 'zod';
import { forceField } from './usage.contract';
import type { SceneItem } from './library.contract';
import { defineEndpoint, defineUpload, envelopeOf } from './endpoint';

/*
 * Custom scenes (spec 2 场景 tab, 5 "Scene image", 7 scene/upload, scene/insert, scene/delete).
 * The list itself (scene/list) and SceneItem live in library.contract.ts: the list answers the
 * built-in scenes followed by the caller's own.
 */

/** Upload limit of a scene image (the spec names none; a phone photo or a 4K render fits). */
export const SCENE_MAX_BYTES = 20 * 1024 * 1024;
/** Longest scene name accepted. */
export const SCENE_NAME_MAX = 30;
/** Spec 9: custom scenes are scaled and cropped to exactly these sizes (sizeType 1 / 2). */
export const SCENE_SIZES = {
  1: { width: 1920, height: 1080 },
  2: { width: 750, height: 1334 },
} as const;
export type SceneSizeType = keyof typeof SCENE_SIZES;
/** Spec 5 "Scene image": the file types the picker offers. */
export const SCENE_IMAGE_EXTENSIONS = ['.png', '.jpg', '.jpeg'] as const;

export const sceneMessages = {
  notImage: '背景图片只能是 PNG 或 JPG 格式!',
  tooLarge: '背景图片大小不能超过 20MB!',
  nameRequired: '请输入背景名称',
  nameTooLong: `背景名称不能超过${SCENE_NAME_MAX}个字`,
  pathRequired: '请上传背景图片',
  badSizeType: '请选择横屏或竖屏',
  notOwnImage: '背景图片无效或已过期，请重新上传',
  wrongOrientation: '背景图片的方向与所选屏幕方向不一致，请重新上传',
  alreadyAdded: '该背景图片已添加过',
  builtIn: '系统场景不能删除',
  notFound: '场景不存在或无权删除',
} as const;

const sizeType = z.coerce
  .number<number>({ error: sceneMessages.badSizeType })
  .int(sceneMessages.badSizeType)
  .refine((v): v is SceneSizeType => v === 1 || v === 2, sceneMessages.badSizeType);

/**
 * POST /virtual/v1/scene/upload: multipart, the image in file field `path`, field sizeType (send it
 * before the file). data is the stored image's path, to be named with scene/insert.
 */
export const sceneUploadFields = z.object({ sizeType: sizeType.default(1) });
export const sceneUploadEndpoint = defineUpload({
  method: 'POST',
  path: '/virtual/v1/scene/upload',
  fileField: 'path',
  fields: sceneUploadFields,
  response: envelopeOf<string>(),
});

/** POST /virtual/v1/scene/insert: name, path (from scene/upload), sizeType; data is the new SceneItem. */
export const sceneInsertRequest = z.object({
  name: z
    .string({ error: sceneMessages.nameRequired })
    .trim()
    .min(1, sceneMessages.nameRequired)
    .max(SCENE_NAME_MAX, sceneMessages.nameTooLong),
  path: z.string({ error: sceneMessages.pathRequired }).trim().min(1, sceneMessages.pathRequired),
  sizeType,
});
export const sceneInsertEndpoint = defineEndpoint({
  method: 'POST',
  path: '/virtual/v1/scene/insert',
  request: sceneInsertRequest,
  response: envelopeOf<SceneItem>(),
});
export type SceneInsertRequest = z.infer<typeof sceneInsertRequest>;

/** POST /virtual/v1/scene/delete: id of one of the caller's own scenes. */
export const sceneDeleteRequest = z.object({
  id: z.union([z.string(), z.number()], { error: sceneMessages.notFound }).transform(String),
  force: forceField,
});
export const sceneDeleteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/virtual/v1/scene/delete',
  request: sceneDeleteRequest,
  response: envelopeOf<null>(),
});
