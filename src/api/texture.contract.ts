import { z } from 'zod';
import type { PageOf } from './library.contract';
import { defineEndpoint, defineUpload, envelopeOf } from './endpoint';
import { forceField } from './usage.contract';

/*
 * Stickers / 贴图 (spec 3 "Texture on a page", "Sticker list", 5 PNG/GIF upload, 7 texture/*):
 * the built-in library (assets/library/stickers, ids s001.. and g001..) plus each user's own
 * uploads (ids 'u' + 3 base-36 characters). Every id is exactly 4 characters: narration markers
 * carry the texture id as the 4 characters after '@'.
 */

/** textureType: 1 still PNG, 2 animated GIF. */
export const TEXTURE_TYPES = { png: 1, gif: 2 } as const;
export type TextureType = 1 | 2;
/** isGlobal: 1 built-in (everyone's), 2 the caller's own upload (spec 7 upload sends isGlobal 2). */
export const TEXTURE_GLOBAL = { builtIn: 1, own: 2 } as const;
/** Upload limit of one sticker image. */
export const TEXTURE_MAX_BYTES = 10 * 1024 * 1024;
/** Longest sticker name kept. */
export const TEXTURE_NAME_MAX = 30;
/** Texture ids: exactly 4 letters/digits. */
export const TEXTURE_ID_PATTERN = /^[a-z0-9]{4}$/;

export const textureMessages = {
  notPng: '上传图片只能是 PNG 格式!',
  notGif: '上传图片只能是 GIF 格式!',
  tooLarge: '上传图片大小不能超过 10MB!',
  fileRequired: '请选择要上传的图片',
  badType: '贴图类型只能是 PNG 或 GIF',
  nameTooLong: `贴图名称不能超过${TEXTURE_NAME_MAX}个字`,
  notFound: '贴图不存在或无权使用',
  builtIn: '系统贴图不能删除',
  uploaded: '上传成功',
  deleted: '删除成功',
} as const;

const textureType = z.coerce
  .number<number>({ error: textureMessages.badType })
  .int(textureMessages.badType)
  .refine((v): v is TextureType => v === 1 || v === 2, textureMessages.badType);

const textureId = z
  .string({ error: textureMessages.notFound })
  .trim()
  .toLowerCase()
  .regex(TEXTURE_ID_PATTERN, textureMessages.notFound);

/** One sticker of the list, or the answer of an upload. */
export interface TextureItem {
  textureId: string;
  name: string;
  /** URL of the image: /library/stickers/... (built-in) or /files/u/<owner>/textures/... (own). */
  path: string;
  type: TextureType;
  width: number;
  height: number;
  /** 1 built-in, 2 the caller's own. */
  isGlobal: 1 | 2;
  /** True for the caller's own upload (deletable). */
  own: boolean;
  /** GIF: one loop's length in milliseconds; 0 for PNG. */
  durationMs: number;
}

/**
 * POST /virtual/v1/texture/list: pageIndex, pageSize (default 10), textureType (1 PNG, 2 GIF).
 * data: the built-in stickers of that type followed by the caller's own, oldest first.
 */
export const textureListRequest = z.object({
  pageIndex: z.coerce.number<number>().int().min(1).default(1),
  pageSize: z.coerce.number<number>().int().min(1).max(100).default(10),
  textureType: textureType.default(1),
});
export const textureListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/virtual/v1/texture/list',
  request: textureListRequest,
  response: envelopeOf<TextureListData>(),
});
export type TextureListRequest = z.infer<typeof textureListRequest>;
export type TextureListData = PageOf<TextureItem>;

/**
 * POST /virtual/v1/texture/upload: multipart, the image in file field `resource`; fields (send them
 * before the file) textureName, textureType (1 PNG, 2 GIF: checked by content), duration (1.5) and
 * isGlobal (2). data is the new TextureItem.
 */
export const textureUploadFields = z.object({
  textureName: z.string().trim().max(TEXTURE_NAME_MAX, textureMessages.nameTooLong).default(''),
  textureType: textureType.default(1),
  duration: z.coerce.number<number>().default(1.5),
  isGlobal: z.coerce.number<number>().int().default(2),
});
export const textureUploadEndpoint = defineUpload({
  method: 'POST',
  path: '/virtual/v1/texture/upload',
  fileField: 'resource',
  fields: textureUploadFields,
  response: envelopeOf<TextureItem>(),
});

/**
 * POST /virtual/v1/texture/info: textureId (built-in or the caller's own).
 * data.path carries a cache-busting timestamp (?t=<ms>); used when restoring a page's textures.
 */
export const textureInfoRequest = z.object({ textureId });
export const textureInfoEndpoint = defineEndpoint({
  method: 'POST',
  path: '/virtual/v1/texture/info',
  request: textureInfoRequest,
  response: envelopeOf<TextureInfoData>(),
});
export type TextureInfoData = TextureItem;

/**
 * POST /virtual/v1/texture/delete: textureId of one of the caller's own uploads; `force` deletes one
 * projects still place (else 409 names them).
 */
export const textureDeleteRequest = z.object({ textureId, force: forceField });
export const textureDeleteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/virtual/v1/texture/delete',
  request: textureDeleteRequest,
  response: envelopeOf<null>(),
});
