import { z } from 'zod';
import { defineEndpoint, defineUpload, envelopeOf } from './endpoint';

/** PDF size limit (spec section 5): files must be under 100,000,000 bytes. */
export const PDF_MAX_BYTES = 100_000_000;
export const pptMessages = {
  tooLarge: '上传文件大于100M',
  notPdf: '只能上传PDF文件',
  notFound: 'PDF不存在或无权访问',
} as const;

/** POST /virtual/v1/userPpt/upload: multipart, file field `resources`; name, description, source, type. */
export const pptUploadFields = z.object({
  name: z.string().default(''),
  description: z.string().default(''),
  source: z.string().optional(),
  type: z.string().optional(),
});
export const pptUploadEndpoint = defineUpload({
  method: 'POST',
  path: '/virtual/v1/userPpt/upload',
  fileField: 'resources',
  fields: pptUploadFields,
  response: envelopeOf<PptUploadData>(),
});
export interface PptUploadData {
  uuid: string;
  pptId: number;
  pageCount: number;
}

/** One uploaded deck in the PDF管理 list. */
export interface PptItem {
  id: number;
  name: string;
  uuidStr: string;
  /** Page images are basePath + uuidStr + '/images/{n}.png' (n from 1). */
  basePath: string;
  /** First-page thumbnail URL ('' until rasterised). */
  thumb: string;
  pageCount: number;
  pagesDone: number;
  /** processing | ready | failed */
  status: string;
  error: string;
  createdAt: number;
}

/** POST /virtual/v1/userPpt/list: pageIndex, pageSize (6), type 2. */
export const pptListRequest = z.object({
  pageIndex: z.coerce.number<number>().int().min(1).default(1),
  pageSize: z.coerce.number<number>().int().min(1).max(50).default(6),
  type: z.coerce.number<number>().int().default(2),
});
export const pptListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/virtual/v1/userPpt/list',
  request: pptListRequest,
  response: envelopeOf<PptListData>(),
});
export interface PptListData {
  count: number;
  pageIndex: number;
  list: PptItem[];
}

/** POST /virtual/v1/userPpt/delete: PptId, source 1. Projects using the deck keep their page images. */
export const pptDeleteRequest = z.object({
  PptId: z.coerce.number<number>().int().positive(),
  source: z.coerce.number<number>().default(1),
});
export const pptDeleteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/virtual/v1/userPpt/delete',
  request: pptDeleteRequest,
  response: envelopeOf<null>(),
});

/** POST /virtual/v1/userPpt/info: pptId, type 2 -> the deck with basePath and uuidStr. */
export const pptInfoRequest = z.object({
  pptId: z.coerce.number<number>().int().positive(),
  type: z.coerce.number<number>().default(2),
});
export const pptInfoEndpoint = defineEndpoint({
  method: 'POST',
  path: '/virtual/v1/userPpt/info',
  request: pptInfoRequest,
  response: envelopeOf<PptItem>(),
});
