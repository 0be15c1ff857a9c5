import { z } from 'zod';
import { forceField } from './usage.contract';
import type { PageOf } from './library.contract';
import { defineEndpoint, defineUpload, envelopeOf } from './endpoint';

/*
 * 素材 (spec 7 userResources/*): a user's own images and audio, used by the image-material and
 * background-music pickers. Every row belongs to one user; nobody else can list, fetch or delete it.
 */

/** resourcesType: 2 image, 3 audio (spec section 7). */
export const MATERIAL_TYPES = { image: 2, audio: 3 } as const;
export type MaterialType = 2 | 3;

/** Largest image material (checked while streaming). */
export const MATERIAL_IMAGE_MAX_BYTES = 20 * 1024 * 1024;
/** Largest audio material (checked while streaming). */
export const MATERIAL_AUDIO_MAX_BYTES = 100 * 1024 * 1024;
/** Image formats accepted, by content; the names the picker's file input offers. */
export const MATERIAL_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp'] as const;
/** Audio formats accepted, by content; the names the picker's file input offers. */
export const MATERIAL_AUDIO_EXTENSIONS = ['wav', 'mp3', 'm4a', 'ogg', 'aac', 'flac'] as const;
/** The spec's list size (pageSize 1000): the pickers show every material at once. */
export const MATERIAL_PAGE_SIZE = 1000;
/** Longest material name kept. */
export const MATERIAL_NAME_MAX = 60;

export const materialMessages = {
  typeRequired: '请选择素材类型（2 图片，3 音频）',
  fileRequired: '请选择要上传的文件',
  empty: '上传的文件是空的',
  imageType: '图片素材只能是 PNG、JPG、GIF 或 WEBP 格式',
  imageTooLarge: '图片素材不能大于20MB',
  audioType: '音频素材只能是 WAV、MP3、M4A、OGG、AAC 或 FLAC 格式',
  audioTooLarge: '音频素材不能大于100MB',
  audioUnreadable: '音频文件无法读取，请确认文件未损坏',
  audioTooShort: '音频时长过短，请上传不少于1秒的音频',
  notFound: '素材不存在或已删除',
  /** Synthesis refused: the project's background music was deleted from 我的素材. */
  musicMissing: '背景音乐素材已被删除，请在编辑器中重新选择背景音乐或选择无背景音乐',
  uploaded: '上传成功',
  deleted: '删除成功',
} as const;

const materialType = z.coerce
  .number<number>({ error: materialMessages.typeRequired })
  .int(materialMessages.typeRequired)
  .refine((v): v is MaterialType => v === 2 || v === 3, materialMessages.typeRequired);

/** One material of the list, or the answer of an upload. */
export interface MaterialItem {
  resourcesId: number;
  name: string;
  type: MaterialType;
  /** URL of the file (/files/u/<owner>/materials/...): served to the owner's session only. */
  path: string;
  /** Images: URL of a small JPEG preview; '' for audio. */
  thumb: string;
  /** Stored size in bytes. */
  size: number;
  /** Audio: length in milliseconds; 0 for images. */
  durationMs: number;
  /** Images: pixel size; 0 for audio. */
  width: number;
  height: number;
  createdAt: number;
}

/**
 * POST /virtual/v1/userResources/upload: multipart, file field `resources`; field resourcesType
 * (2 image, 3 audio) sent before the file. Images are re-encoded and get a thumbnail; audio is
 * converted to AAC (.m4a) with its duration. data is the new MaterialItem.
 */
export const materialUploadFields = z.object({ resourcesType: materialType });
export const materialUploadEndpoint = defineUpload({
  method: 'POST',
  path: '/virtual/v1/userResources/upload',
  fileField: 'resources',
  fields: materialUploadFields,
  response: envelopeOf<MaterialItem>(),
});

/** POST /virtual/v1/userResources/list: pageIndex 1, pageSize up to 1000, type; newest first. */
export const materialListRequest = z.object({
  pageIndex: z.coerce.number<number>().int().min(1).default(1),
  pageSize: z.coerce.number<number>().int().min(1).max(MATERIAL_PAGE_SIZE).default(MATERIAL_PAGE_SIZE),
  type: materialType,
});
export const materialListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/virtual/v1/userResources/list',
  request: materialListRequest,
  response: envelopeOf<MaterialListData>(),
});
export type MaterialListRequest = z.infer<typeof materialListRequest>;
export type MaterialListData = PageOf<MaterialItem>;

/** POST /virtual/v1/userResources/delete: resourcesId of one of the caller's materials, source=1. */
export const materialDeleteRequest = z.object({
  resourcesId: z.coerce
    .number<number>({ error: materialMessages.notFound })
    .int(materialMessages.notFound)
    .positive(materialMessages.notFound),
  source: z.coerce.number<number>().int().default(1),
  force: forceField,
});
export const materialDeleteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/virtual/v1/userResources/delete',
  request: materialDeleteRequest,
  response: envelopeOf<null>(),
});
