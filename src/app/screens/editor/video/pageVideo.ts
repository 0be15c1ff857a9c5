import {
  AUDIO_MAX_BYTES,
  resourceMessages,
  VIDEO_EXTENSIONS,
  videoMessages,
  type ResUploadData,
} from '../../../../api/resource.contract';
import {
  attachVideo,
  deleteVideo,
  hasVideo,
  messages,
  muteVideo,
  SOUND_MUTED,
  unmuteVideo,
} from '../../../../model/project';
import { studioApi } from '../../../services/http';
import { dispatch, doc, projectId } from '../../../state/editor';
import { showMessage } from '../../../state/messages';
import { confirmDialog } from '../../../state/confirm';
import { i18n } from '../../../i18n';

/*
 * Page videos (spec 4 "Page video"): 插入视频 with the client-side checks and upload progress,
 * 视频静音 / 开启声音 and 删除视频 (resDelete first, then the document).
 */

/** The value of the file input's accept attribute. */
export const VIDEO_ACCEPT = VIDEO_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/** Client checks before uploading: .mp4 only and under 1 GB. Returns the message, or null. */
export function checkVideoFile(file: { name: string; size: number }): string | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(file.name.trim())?.[1].toLowerCase() ?? '';
  if (!(VIDEO_EXTENSIONS as readonly string[]).includes(ext)) return videoMessages.videoType;
  if (file.size >= AUDIO_MAX_BYTES) return resourceMessages.audioTooLarge;
  if (file.size === 0) return videoMessages.videoUnreadable;
  return null;
}

/** How an upload ended ('refused': the client already showed the server's message). */
export type PageVideoUploadResult =
  | { ok: true; video: ResUploadData }
  | { ok: false; reason: 'invalid'; message: string }
  | { ok: false; reason: 'refused' | 'pageChanged' };

/** Uploads `file` as the video of page `at` (0-based) and attaches it (one undo step). */
export async function uploadVideoToPage(
  at: number,
  file: File,
  onProgress: (percent: number) => void,
): Promise<PageVideoUploadResult> {
  const problem = checkVideoFile(file);
  if (problem) return { ok: false, reason: 'invalid', message: problem };
  const project = projectId.value;
  if (project === null) return { ok: false, reason: 'pageChanged' };
  let video: ResUploadData;
  try {
    const res = await studioApi.uploadPageVideo(project, at + 1, file, file.name, onProgress);
    video = res.data!;
  } catch {
    return { ok: false, reason: 'refused' };
  }
  if (projectId.value !== project || !doc.value?.ppt.pages[at]) return { ok: false, reason: 'pageChanged' };
  const result = dispatch(attachVideo, at, { path: video.path, resId: video.resId });
  return result.ok ? { ok: true, video } : { ok: false, reason: 'pageChanged' };
}

/**
 * 删除视频: 未上传视频 when the page has none; otherwise it asks, then resDelete, and only on code
 * 200 the page video is cleared as one undo step (a refusal's message is shown by the client). The
 * server keeps the file for a grace period, so undo brings back a video that still plays and renders.
 */
export async function deletePageVideo(at: number): Promise<boolean> {
  const page = doc.value?.ppt.pages[at];
  const project = projectId.value;
  if (!page || !hasVideo(page) || project === null) {
    showMessage('error', messages.noVideo);
    return false;
  }
  const yes = await confirmDialog({
    title: i18n.t('editor:pageVideo.deleteTitle'),
    content: i18n.t('editor:pageVideo.deleteConfirm', { page: at + 1 }),
    confirmText: i18n.t('editor:pageVideo.deleteYes'),
    cancelText: i18n.t('editor:pageVideo.deleteNo'),
    testId: 'confirm-delete-video',
  });
  if (!yes) return false;
  try {
    await studioApi.deletePageResource({ path: page.video, resid: page.videoid, projectid: project });
  } catch {
    return false;
  }
  const current = doc.value?.ppt.pages[at];
  if (!current || current.video !== page.video) return false;
  const result = dispatch(deleteVideo, at);
  if (!result.ok) showMessage('error', result.error);
  return result.ok;
}

/** 视频静音 / 开启声音: the spec shows 已禁用当前视频声音 in error style, 已开启当前视频声音 as success. */
export function toggleVideoSound(at: number): void {
  const page = doc.value?.ppt.pages[at];
  const muted = page?.isSound === SOUND_MUTED;
  const result = dispatch(muted ? unmuteVideo : muteVideo, at);
  if (!result.ok) showMessage('error', result.error);
  else if (result.message) showMessage(muted ? 'success' : 'error', result.message);
}
