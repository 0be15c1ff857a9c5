import { z } from 'zod';
import { forceField } from './usage.contract';
import type { CharacterItem, PageOf } from './library.contract';
import { defineEndpoint, defineUpload, envelopeOf } from './endpoint';

/*
 * 我的数字人 (/digitalPeople, issue 5): a user's own presenters in three kinds. Each one is listed as
 * a CharacterItem (isPublic 2) by /virtual/v1/virtual/list, to its owner only, so the editor's 数字人
 * tab and the render treat it like a built-in presenter.
 */

/** 1 picture plus mouth sprites (lip-sync), 2 talking loop video, 3 single picture (breathes). */
export const PRESENTER_KINDS = { sprites: 1, video: 2, picture: 3 } as const;
export type PresenterKind = 1 | 2 | 3;

/** status of a user's own presenter: a talking video is re-encoded in the background first. */
export const PRESENTER_STATUS = { processing: 0, ready: 1, failed: 2 } as const;

/** Id prefix of a user's own presenter ('p12'): built-in ids are names, so the two never collide. */
export const OWN_PRESENTER_PREFIX = 'p';
/** True when a character id names a user's own presenter rather than a built-in one. */
export const isOwnPresenterId = (id: string) => /^p\d{1,15}$/.test(id);

/** The rig canvas of the built-in presenters; the template shows it and uploads are checked against it. */
export const RIG_CANVAS = { width: 800, height: 1400 } as const;
/** The built-in mouth sprite size and where the built-ins anchor it (the template's example box). */
export const RIG_MOUTH = { x: 340, y: 392, width: 120, height: 80 } as const;
/** The built-ins' eyes box (the template's example blink box). */
export const RIG_EYES = { x: 316, y: 318, width: 168, height: 50 } as const;

/** Smallest and largest body picture (kind 1) and single picture (kind 3), in pixels. */
export const PICTURE_MIN_SIDE = 200;
export const PICTURE_MAX_WIDTH = 2400;
export const PICTURE_MAX_HEIGHT = 3200;
/** Upload limits, checked while streaming. */
export const PICTURE_MAX_BYTES = 10 * 1024 * 1024;
export const SPRITE_MAX_BYTES = 2 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 200 * 1024 * 1024;
export const VIDEO_MAX_MS = 60_000;
/** A talking loop shorter than this looks like a stutter. */
export const VIDEO_MIN_MS = 500;
export const PRESENTER_NAME_MAX = 20;
/** Default green-screen colour and how close a pixel must be to it to become transparent (0..1). */
export const DEFAULT_KEY_COLOR = '#00FF00';
export const DEFAULT_KEY_SIMILARITY = 0.3;
/** Edge softness of the key (chromakey blend). */
export const KEY_BLEND = 0.08;

/** The mouth shapes of DESIGN.md (A-H and X, X the rest shape, which is required). */
export const PRESENTER_MOUTH_SHAPES = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'X'] as const;
export type PresenterMouthShape = (typeof PRESENTER_MOUTH_SHAPES)[number];

/**
 * Which uploaded sprite stands in for a missing shape: the first available shape of its list. Each
 * list goes from the most similar mouth to the rest shape X, which is always there, so every shape
 * resolves. (B slightly open borrows C open, then A closed; G F/V teeth borrows B like Rhubarb does;
 * H tongue borrows C open; E rounded and F puckered borrow each other.)
 */
export const MOUTH_FALLBACK: Record<PresenterMouthShape, readonly PresenterMouthShape[]> = {
  X: ['X'],
  A: ['A', 'X'],
  B: ['B', 'C', 'A', 'X'],
  C: ['C', 'B', 'D', 'X'],
  D: ['D', 'C', 'B', 'X'],
  E: ['E', 'C', 'F', 'B', 'X'],
  F: ['F', 'E', 'A', 'X'],
  G: ['G', 'B', 'A', 'X'],
  H: ['H', 'C', 'B', 'X'],
};

/** For every shape, the uploaded shape drawn for it (`available` must contain X). */
export function resolveMouthShapes(
  available: Iterable<string>,
): Record<PresenterMouthShape, PresenterMouthShape> {
  const have = new Set(available);
  if (!have.has('X')) throw new Error('mouth shape X is required');
  return Object.fromEntries(
    PRESENTER_MOUTH_SHAPES.map((shape) => [shape, MOUTH_FALLBACK[shape].find((s) => have.has(s)) ?? 'X']),
  ) as Record<PresenterMouthShape, PresenterMouthShape>;
}

export const presenterMessages = {
  nameRequired: '请输入数字人名称',
  nameTooLong: `数字人名称不能超过${PRESENTER_NAME_MAX}个字`,
  kindRequired: '请选择数字人类型',
  bodyRequired: '请上传人物图片',
  bodyType: '人物图片只能是 PNG 格式',
  bodySize: `人物图片尺寸应在 ${PICTURE_MIN_SIDE}x${PICTURE_MIN_SIDE} 到 ${PICTURE_MAX_WIDTH}x${PICTURE_MAX_HEIGHT} 像素之间`,
  pictureTooLarge: '图片不能大于10MB',
  mouthXRequired: '请上传闭嘴（X）口型图片',
  mouthType: '口型图片只能是 PNG 格式',
  spriteTooLarge: '口型或眨眼图片不能大于2MB',
  mouthRect: '嘴部位置必须在人物图片范围内（宽度 8~600、高度 8~400 像素）',
  eyesRect: '眼睛位置必须在人物图片范围内（宽度 8~800、高度 4~400 像素）',
  blinkType: '眨眼图片只能是 PNG 格式',
  videoRequired: '请上传说话视频',
  videoType: '说话视频只能是 MP4、WebM 或 MOV 格式',
  videoUnreadable: '视频无法读取，请确认文件未损坏且包含画面',
  videoTooLarge: '说话视频不能大于200MB',
  videoTooLong: '说话视频不能超过60秒',
  videoTooShort: '说话视频不能短于0.5秒',
  keyColor: '抠像颜色格式应为 #RRGGBB',
  keySimilarity: '抠像相似度应在 0.01 到 0.6 之间',
  pictureRequired: '请上传人物图片',
  pictureType: '人物图片只能是 PNG 或 JPG 格式',
  unknownFile: '上传的文件字段无效',
  notFound: '数字人不存在或无权操作',
  videoFailed: '说话视频处理失败，请换一个视频重试',
  created: '数字人已创建',
  deleted: '删除成功',
} as const;

/** A box in body pixels. */
export interface PresenterRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

const int = (message: string) => z.coerce.number<number>({ error: message }).int(message);
const rect = (message: string, maxW: number, maxH: number, minH: number) =>
  z.object({
    x: int(message).min(0, message),
    y: int(message).min(0, message),
    width: int(message).min(8, message).max(maxW, message),
    height: int(message).min(minH, message).max(maxH, message),
  });

/**
 * POST /virtual/v1/virtual/add: multipart. Text fields first (name, kind and the kind's settings),
 * then the files. Kind 1: `body` PNG, `mouthA`..`mouthH`, `mouthX` (required) PNGs, optional `blink`
 * PNG; mouth rect mouthLeft/mouthTop/mouthWidth/mouthHeight and eyes rect eyesLeft/.. in body pixels.
 * Kind 2: `video` (MP4/WebM/MOV), `keyEnabled` 1/0, `keyColor`, `keySimilarity`. Kind 3: `picture`
 * (PNG/JPEG). data is the new presenter as a CharacterItem.
 */
/** The file fields of presenter/add and the largest size of each. */
export const PRESENTER_FILE_FIELDS: Record<string, number> = {
  body: PICTURE_MAX_BYTES,
  picture: PICTURE_MAX_BYTES,
  video: VIDEO_MAX_BYTES,
  blink: SPRITE_MAX_BYTES,
  ...Object.fromEntries(PRESENTER_MOUTH_SHAPES.map((s) => [`mouth${s}`, SPRITE_MAX_BYTES])),
};

export const presenterBaseFields = z.object({
  name: z
    .string({ error: presenterMessages.nameRequired })
    .trim()
    .min(1, presenterMessages.nameRequired)
    .max(PRESENTER_NAME_MAX, presenterMessages.nameTooLong),
  kind: z.coerce
    .number<number>({ error: presenterMessages.kindRequired })
    .refine((v): v is PresenterKind => v === 1 || v === 2 || v === 3, presenterMessages.kindRequired),
});

export const presenterAddEndpoint = defineUpload({
  method: 'POST',
  path: '/virtual/v1/virtual/add',
  // Name and kind; the kind's own settings are parsed by spriteRigFields and keyFields.
  fields: presenterBaseFields,
  response: envelopeOf<CharacterItem>(),
});

/**
 * Kind 1's anchors from the flat form fields mouthLeft, mouthTop, mouthWidth, mouthHeight and
 * eyesLeft.. (eyes left empty means none). Left/Top, not X/Y: mouthX is the rest-shape file.
 */
export const spriteRigFields = z.preprocess(
  (raw) => {
    const f = (raw ?? {}) as Record<string, string | undefined>;
    const box = (p: string) => ({
      x: f[`${p}Left`],
      y: f[`${p}Top`],
      width: f[`${p}Width`],
      height: f[`${p}Height`],
    });
    const eyes = box('eyes');
    return { mouth: box('mouth'), eyes: Object.values(eyes).some((v) => v) ? eyes : null };
  },
  z.object({
    mouth: rect(presenterMessages.mouthRect, 600, 400, 8),
    eyes: rect(presenterMessages.eyesRect, 800, 400, 4).nullable(),
  }),
);

/** Kind 2's green-screen settings. */
export const keyFields = z.object({
  keyEnabled: z
    .string()
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  keyColor: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.toUpperCase() : DEFAULT_KEY_COLOR))
    .pipe(z.string().regex(/^#[0-9A-F]{6}$/, presenterMessages.keyColor)),
  keySimilarity: z.coerce
    .number<number>({ error: presenterMessages.keySimilarity })
    .min(0.01, presenterMessages.keySimilarity)
    .max(0.6, presenterMessages.keySimilarity)
    .default(DEFAULT_KEY_SIMILARITY),
});

/** Green-screen keying of a talking video: the colour made transparent on the stage and in the render. */
export interface PresenterKeying {
  color: string;
  similarity: number;
  blend: number;
}

/**
 * POST /virtual/v1/virtual/mine: the caller's own presenters in every state (processing, usable,
 * failed), newest first, for 我的数字人; the editor lists usable ones with virtual/list isPublic 2.
 */
export const presenterMineRequest = z.object({
  pageIndex: z.coerce.number<number>().int().min(1).default(1),
  pageSize: z.coerce.number<number>().int().min(1).max(100).default(100),
});
export const presenterMineEndpoint = defineEndpoint({
  method: 'POST',
  path: '/virtual/v1/virtual/mine',
  request: presenterMineRequest,
  response: envelopeOf<PageOf<CharacterItem>>(),
});

/** POST /virtual/v1/virtual/delete: id of one of the caller's own presenters ('p12'). */
export const presenterDeleteRequest = z.object({
  id: z.union([z.string(), z.number()], { error: presenterMessages.notFound }).transform(String),
  force: forceField,
});
export const presenterDeleteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/virtual/v1/virtual/delete',
  request: presenterDeleteRequest,
  response: envelopeOf<null>(),
});

/** GET /virtual/v1/virtual/template: the PNG template of a kind-1 presenter (canvas, anchor, sprite size). */
export const presenterTemplateEndpoint = { method: 'GET', path: '/virtual/v1/virtual/template' } as const;
