import { z } from 'zod';

const projectId = z.coerce.number().int().positive('项目不存在');

/** POST /virtual/v1/userPro/composeProject: renders the last final document (original 2) to MP4. */
export const composeProjectEndpoint = { method: 'POST', path: '/virtual/v1/userPro/composeProject' } as const;
export const composeProjectRequest = z.object({ projectId });

/** POST /virtual/v1/userPro/composeStatus: where the project's latest render stands. */
export const composeStatusEndpoint = { method: 'POST', path: '/virtual/v1/userPro/composeStatus' } as const;
export const composeStatusRequest = z.object({ projectId });

/** POST /virtual/v1/userPro/composeCancel: stops the project's render and removes its partial files. */
export const composeCancelEndpoint = { method: 'POST', path: '/virtual/v1/userPro/composeCancel' } as const;

/** POST /virtual/v1/userPro/videoList: the caller's finished and failed videos (我的). */
export const videoListEndpoint = { method: 'POST', path: '/virtual/v1/userPro/videoList' } as const;
export const videoListRequest = z.object({
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
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

export const composeMessages = {
  notSaved: '请先保存项目再合成视频',
  busy: '该项目正在合成中，请稍候',
  alreadyDone: '视频已经合成完成，无需取消',
  alreadyEnded: '该合成已经结束，无需取消',
  cancelled: '已取消合成',
} as const;
