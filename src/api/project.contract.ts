import { z } from 'zod';
import { defineEndpoint, envelopeOf } from './endpoint';

/** Project kinds (spec section 3): 3 text video and helper tool, 2 voice video. */
export const ProKind = { voice: 2, text: 3 } as const;
/** `original` on update: 1 saves a draft, 2 the final document before synthesis. */
export const Original = { draft: 1, final: 2 } as const;

const id = z.coerce.number<number>().int().positive('项目不存在');

/** POST /virtual/v1/userPro/list: the caller's projects, newest first. */
export const projectListRequest = z.object({
  pageIndex: z.coerce.number<number>().int().min(1).default(1),
  pageSize: z.coerce.number<number>().int().min(1).max(100).default(20),
  proKind: z.coerce.number<number>().int().optional(),
});
export const projectListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/virtual/v1/userPro/list',
  request: projectListRequest,
  response: envelopeOf<ProjectListData>(),
});
export interface ProjectListItem {
  projectId: number;
  name: string;
  description: string;
  type: number;
  proKind: number;
  distinguishability: number;
  original: number;
  createdAt: number;
  updatedAt: number;
  /** Last synthesis: none | queued | rendering | done | failed. */
  composeStatus: string;
}
export interface ProjectListData {
  list: ProjectListItem[];
  count: number;
  pageIndex: number;
  pageSize: number;
}

/** POST /virtual/v1/userPro/add: data is the new project id. */
export const projectAddRequest = z.object({
  name: z.string().trim().max(100).optional(),
  description: z.string().max(500).default(''),
  type: z.coerce.number<number>().int().default(2),
  proKind: z.coerce
    .number<number>()
    .int()
    .refine((k) => k === 2 || k === 3, '项目类型无效'),
  distinguishability: z.coerce.number<number>().int().default(2),
  original: z.coerce.number<number>().int().default(1),
});
export const projectAddEndpoint = defineEndpoint({
  method: 'POST',
  path: '/virtual/v1/userPro/add',
  request: projectAddRequest,
  response: envelopeOf<number>(),
});

/** POST /virtual/v1/userPro/rename. */
export const projectRenameRequest = z.object({
  projectId: id,
  projectName: z.string().trim().min(1, '请输入项目名称').max(100, '项目名称不能超过100个字符'),
});
export const projectRenameEndpoint = defineEndpoint({
  method: 'POST',
  path: '/virtual/v1/userPro/rename',
  request: projectRenameRequest,
  // The project's revision after the rename (the spec shows no payload): the editor saves on from it.
  response: envelopeOf<{ revision: number }>(),
});

/** POST /virtual/v1/userPro/delete. */
export const projectDeleteRequest = z.object({ projectId: id });
export const projectDeleteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/virtual/v1/userPro/delete',
  request: projectDeleteRequest,
  response: envelopeOf<null>(),
});

/** POST /virtual/v1/userPro/detail: data.detail is the document as JSON text. */
export const projectDetailRequest = z.object({
  projectId: id,
  original: z.coerce.number<number>().int().default(1),
});
export const projectDetailEndpoint = defineEndpoint({
  method: 'POST',
  path: '/virtual/v1/userPro/detail',
  request: projectDetailRequest,
  response: envelopeOf<ProjectDetailData>(),
});
export interface ProjectDetailData extends ProjectListItem {
  /** The userProjectInfo document as JSON text ('' for a project never saved). */
  detail: string;
  /** Send back with the next update; a stale revision is refused. */
  revision: number;
}

/** Largest saved document, as JSON text (a string document) or once serialised (an object one). */
export const MAX_DOCUMENT_CHARS = 5_000_000;

/** POST /virtual/v1/userPro/update: saves the document (original 1 draft, 2 final). */
export const projectUpdateRequest = z.object({
  projectId: id,
  userProjectInfo: z.union([
    z.string().max(MAX_DOCUMENT_CHARS, '项目内容过大（不能超过 5MB）'),
    z.record(z.string(), z.unknown()),
  ]),
  original: z.coerce
    .number<number>()
    .int()
    .refine((o) => o === 1 || o === 2, 'original 只能为 1 或 2'),
  /** Optional, as the spec's contract has none: when sent, a stale one is refused; when absent the save wins. */
  revision: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : v),
    z.coerce
      .number({ error: '版本号必须是数字' })
      .int('版本号必须是整数')
      .min(0, '版本号不能为负数')
      .optional(),
  ),
});
export const projectUpdateEndpoint = defineEndpoint({
  method: 'POST',
  path: '/virtual/v1/userPro/update',
  request: projectUpdateRequest,
  response: envelopeOf<ProjectUpdateData>(),
});
export interface ProjectUpdateData {
  revision: number;
}

export const projectMessages = {
  notFound: '项目不存在或无权访问',
  stale: '项目已在其他窗口或设备上修改，请刷新后再保存',
  badDocument: '项目内容格式错误',
  noPages: '项目内容格式错误：缺少页面列表（ppt.pages）',
  tooLarge: '项目内容过大（不能超过 5MB）',
} as const;
