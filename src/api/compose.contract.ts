import { z } from 'zod';
import { defineEndpoint, envelopeOf } from './endpoint';

const projectId = z.coerce.number<number>().int().positive('项目不存在');

/** POST /virtual/v1/userPro/composeProject: renders the last final document (original 2) to MP4. */
export const composeProjectRequest = z.object({ projectId });
export const composeProjectEndpoint = defineEndpoint({
  method: 'POST',
  path: '/virtual/v1/userPro/composeProject',
  request: composeProjectRequest,
  response: envelopeOf<ComposeStatus>(),
});

/** POST /virtual/v1/userPro/composeStatus: where the project's latest render stands. */
export const composeStatusRequest = z.object({ projectId });
export const composeCancelEndpoint = defineEndpoint({
  method: 'POST',
  path: '/virtual/v1/userPro/composeCancel',
  request: composeStatusRequest,
  response: envelopeOf<ComposeStatus>(),
});
export const composeStatusEndpoint = defineEndpoint({
  method: 'POST',
  path: '/virtual/v1/userPro/composeStatus',
  request: composeStatusRequest,
  response: envelopeOf<ComposeStatus>(),
});

/** POST /virtual/v1/userPro/composeCancel: stops the project's render and removes its partial files. */

/** POST /virtual/v1/userPro/videoList: the caller's finished and failed videos (我的). */
export const videoListRequest = z.object({
  pageIndex: z.coerce.number<number>().int().min(1).default(1),
  pageSize: z.coerce.number<number>().int().min(1).max(100).default(20),
});
export const videoListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/virtual/v1/userPro/videoList',
  request: videoListRequest,
  response: envelopeOf<VideoListData>(),
});

export type ComposeState = 'none' | 'queued' | 'rendering' | 'done' | 'failed' | 'cancelled';

export interface ComposeStatus {
  projectId: number;
  jobId: number | null;
  status: ComposeState;
  /** 0..100 */
  percent: number;
  pagesDone: number;
  pageCount: number;
  /** Estimated seconds left while rendering, else null. */
  etaSeconds: number | null;
  /** Progress text while rendering; the reason when failed. */
  message: string;
  /** Set when done. */
  video: { url: string; durationMs: number; size: number; width: number; height: number } | null;
  createdAt: number;
  updatedAt: number;
}

export interface VideoItem extends ComposeStatus {
  projectName: string;
}

/** One page of 我的 videos. */
export interface VideoListData {
  list: VideoItem[];
  count: number;
}

export const composeMessages = {
  notSaved: '请先保存项目再合成视频',
  busy: '该项目正在合成中，请稍候',
  alreadyDone: '视频已经合成完成，无需取消',
  alreadyEnded: '该合成已经结束，无需取消',
  cancelled: '已取消合成',
} as const;
