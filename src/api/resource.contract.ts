import { z } from 'zod';
import { defineEndpoint, defineUpload, envelopeOf } from './endpoint';
import { projectMessages } from './project.contract';
/** Audio formats a voice page accepts (spec section 5), by extension. */
export const AUDIO_EXTENSIONS = ['wav', 'mp3', 'm4a', 'ogg', 'aac', 'wma', 'flac'] as const;
/** Audio must be under 1 GB (spec section 5). */
export const AUDIO_MAX_BYTES = 1024 * 1024 * 1024;

/** Highest page number accepted; the page itself may not be saved yet when its audio is uploaded. */
const MAX_PAGE_NUMBER = 9999;

export const resourceMessages = {
  audioTooLarge: '上传文件大小不可大于1G',
  audioType: '必须上传格式为WAV、MP3、M4A、OGG、AAC、WMA、FLAC文件',
  /** The file has the right name but holds no playable audio. */
  audioUnreadable: '音频文件无法读取，请确认文件未损坏',
} as const;

/**
 * POST /virtual/v1/userPro/resUpload: multipart, file field `resource`; fields projectId, pptSort
 * (the page's 1-based index). For audio the server checks the content, normalises it and stores it
 * with its duration and a mouth-shape timeline from audio analysis.
 */
export const resUploadFields = z.object({
  projectId: z.coerce.number().int().positive(projectMessages.notFound),
  pptSort: z.coerce
    .number({ message: '页码不正确' })
    .int('页码不正确')
    .min(1, '页码不正确')
    .max(MAX_PAGE_NUMBER, '页码不正确'),
  /** RES_UPLOAD_VIDEO_KIND for a page video (also known by its .mp4 name); absent for audio. */
  kind: z.string().optional(),
});
export const resUploadEndpoint = defineUpload({
  method: 'POST',
  path: '/virtual/v1/userPro/resUpload',
  fileField: 'resource',
  fields: resUploadFields,
  response: envelopeOf<ResUploadData>(),
});

/** Answer of resUpload: `path` goes into page.tts, `soundTime` (seconds) into page.soundTime. */
export interface ResUploadData {
  path: string;
  soundTime: number;
  resId: string;
  /** URL of the timings JSON (words, mouth-shape timeline) stored beside the audio. */
  timingsPath: string;
}

/** Page videos (spec 4 "Page video"): only MP4, checked by name and by content. */
export const VIDEO_EXTENSIONS = ['mp4'] as const;
/** Names that are clearly videos in another container; refused with the MP4 message, not the audio one. */
export const OTHER_VIDEO_EXTENSIONS = [
  'mov',
  'avi',
  'mkv',
  'webm',
  'flv',
  'wmv',
  'm4v',
  '3gp',
  'mpg',
  'mpeg',
  'ts',
] as const;
/** Optional resUpload form field: `kind=video` says the upload is a page video. */
export const RES_UPLOAD_VIDEO_KIND = 'video';

export const videoMessages = {
  videoType: '只能上传 MP4 格式的视频',
  /** The file is named .mp4 but holds no readable video stream. */
  videoUnreadable: '视频文件无法读取，请确认文件未损坏',
  /** resDelete of a path that is not the caller's own resource. */
  deleteForbidden: '无权删除该资源',
  deleted: '删除成功',
} as const;

/** resDelete's body (spec section 7: projectid as a number). */
export const resDeleteRequest = z.object({
  path: z.string().min(1, videoMessages.deleteForbidden).max(1000),
  resid: z.string().max(200).default(''),
  projectid: z.coerce.number<number>().int().positive(projectMessages.notFound),
});
export type ResDeleteRequest = z.input<typeof resDeleteRequest>;

/** POST /virtual/v1/userPro/resDelete {path, resid, projectid}: removes the caller's uploaded resource. */
export const resDeleteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/virtual/v1/userPro/resDelete',
  request: resDeleteRequest,
  response: envelopeOf<null>(),
});
