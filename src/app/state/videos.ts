import { batch, computed, signal } from '@preact/signals-react';
import type { ComposeStatus, VideoItem } from '../../api/compose.contract';
import { studioApi } from '../services/http';
import { clampPage, DEFAULT_PAGE_SIZE, fetchStatuses, isComposing } from './projects';
import { refreshPoints } from './session';

/** 我的: the user's renders (finished, failed, running), newest first, one page at a time. */
export const videos = signal<VideoItem[]>([]);
export const videoCount = signal(0);
export const videoPageIndex = signal(1);
export const videoPageSize = signal<number>(DEFAULT_PAGE_SIZE);
export const videosLoading = signal(false);
export const videosLoaded = signal(false);
/** Render jobs of the page that are queued or running (their progress is polled). */
export const activeVideos = computed(() => videos.value.filter((v) => isComposing(v.status)));

/**
 * Render jobs that are the newest of their project on the page (the list is newest first). Only
 * those offer 重新合成: an old failure of a project rendered since is history, not a to-do.
 */
export function latestJobIds(items: readonly VideoItem[]): Set<number | null> {
  const seen = new Set<number>();
  const latest = new Set<number | null>();
  for (const v of items) {
    if (seen.has(v.projectId)) continue;
    seen.add(v.projectId);
    latest.add(v.jobId);
  }
  return latest;
}

/** Merges a fresh composeStatus into the row of the same render job. */
export function mergeStatus(items: readonly VideoItem[], status: ComposeStatus): VideoItem[] {
  return items.map((v) =>
    v.projectId === status.projectId && (v.jobId === status.jobId || status.jobId === null)
      ? { ...v, ...status, projectName: v.projectName }
      : v,
  );
}

/** Loads the current page of videos. */
export async function loadVideos(): Promise<void> {
  videosLoading.value = true;
  try {
    const res = await studioApi.listVideos(videoPageIndex.value, videoPageSize.value);
    const count = Number(res.data?.count) || 0;
    const page = clampPage(videoPageIndex.value, count, videoPageSize.value);
    if (page !== videoPageIndex.value && count > 0) {
      videoPageIndex.value = page;
      return loadVideos();
    }
    batch(() => {
      videos.value = res.data?.list ?? [];
      videoCount.value = count;
      videosLoaded.value = true;
    });
  } catch {
    // The client already showed the error.
  } finally {
    videosLoading.value = false;
  }
}

/** One polling round over the running renders; a render that has just ended reloads the page. */
export async function pollVideos(): Promise<void> {
  const ids = [...new Set(activeVideos.value.map((v) => v.projectId))];
  if (ids.length === 0) return;
  const answers = await fetchStatuses(ids);
  let next = videos.value;
  let ended = false;
  for (const status of answers) {
    // A newer job than the row (requested elsewhere) also means the list is out of date.
    if (!next.some((v) => v.jobId === status.jobId)) ended = true;
    next = mergeStatus(next, status);
    if (!isComposing(status.status)) ended = true;
  }
  videos.value = next;
  if (ended) await loadVideos();
}

/** Changes page or page size and reloads. */
export function setVideoPage(pageIndex: number, pageSize = videoPageSize.value): void {
  batch(() => {
    videoPageSize.value = pageSize;
    videoPageIndex.value = clampPage(pageIndex, videoCount.value, pageSize);
  });
  void loadVideos();
}

/** Requests a new render of the project's last final document (重新合成). */
export async function recompose(projectId: number): Promise<void> {
  await studioApi.composeProject(projectId, { mode: 'announce' });
  refreshPoints(); // charged
  videoPageIndex.value = 1;
  await loadVideos();
}

/** Cancels the project's queued or running render (取消). */
export async function cancelCompose(projectId: number): Promise<void> {
  const res = await studioApi.composeCancel(projectId, { mode: 'announce' });
  refreshPoints(); // refunded
  if (res.data) videos.value = mergeStatus(videos.value, res.data);
  await loadVideos();
}

/** How many renders the user has (the home centre's stat), independent of the 我的 page shown. */
export const videoTotal = signal<number | null>(null);

/** Loads videoTotal quietly (a stat is not worth an error message). */
export async function loadVideoTotal(): Promise<void> {
  try {
    const res = await studioApi.listVideos(1, 1, { quiet: true });
    videoTotal.value = Number(res.data?.count) || 0;
  } catch {
    // Keeps the last known value.
  }
}
