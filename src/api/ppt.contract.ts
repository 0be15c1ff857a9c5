import { z } from 'zod';

/** PDF size limit (spec section 5): files must be under 100,000,000 bytes. */
export const PDF_MAX_BYTES = 100_000_000;
export const pptMessages = {
  tooLarge: '上传文件大于100M',
  notPdf: '只能上传PDF文件',
  notFound: 'PDF不存在或无权访问',
} as const;

/** POST /virtual/v1/userPpt/upload: multipart, file field `resources`; name, description, source, type. */
export const pptUploadEndpoint = {
  method: 'POST',
  path: '/virtual/v1/userPpt/upload',
  fileField: 'resources',
} as const;
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
export const pptListEndpoint = { method: 'POST', path: '/virtual/v1/userPpt/list' } as const;
export const pptListRequest = z.object({
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(6),
  type: z.coerce.number().int().default(2),
});
export interface PptListData {
  count: number;
  pageIndex: number;
  list: PptItem[];
}

/** POST /virtual/v1/userPpt/delete: PptId, source 1. Projects using the deck keep their page images. */
export const pptDeleteEndpoint = { method: 'POST', path: '/virtual/v1/userPpt/delete' } as const;
export const pptDeleteRequest = z.object({
  PptId: z.coerce.number().int().positive(),
  source: z.coerce.number().default(1),
});

/** POST /virtual/v1/userPpt/info: pptId, type 2 -> the deck with basePath and uuidStr. */
export const pptInfoEndpoint = { method: 'POST', path: '/virtual/v1/userPpt/info' } as const;
export const pptInfoRequest = z.object({
  pptId: z.coerce.number().int().positive(),
  type: z.coerce.number().default(2),
});
