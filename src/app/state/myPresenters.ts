import { batch, computed, signal } from '@preact/signals-react';
import type { CharacterItem } from '../../api/library.contract';
import type { PresenterDraftForm } from '../../api/presenter';
import { PRESENTER_STATUS } from '../../api/presenter.contract';
import { presenterApi } from '../services/http';
import { characterIsPublic, characters, forgetLibraryList, loadCharacters } from './library';
import { showMessage } from './messages';
import { deleteAskingIfUsed } from './deleteInUse';

/*
 * 我的数字人 (/digitalPeople): the user's own presenters and the 新建数字人 dialog. The editor's
 * 数字人 tab lists the same presenters under its private switch (state/library.ts).
 */

/** One page holds every presenter a user keeps on this screen. */
const PAGE_SIZE = 100;
/** How often the list refreshes while a talking video is still being encoded. */
const PROCESSING_REFRESH_MS = 2000;

export const myPresenters = signal<CharacterItem[]>([]);
export const myPresentersLoading = signal(false);
export const myPresentersFailed = signal(false);
/** True once the first load answered. */
export const myPresentersLoaded = signal(false);
/** The 新建数字人 dialog is open. */
export const newPresenterOpen = signal(false);
/** Presenters whose talking video is still being encoded: the list refreshes while there are any. */
export const processingCount = computed(
  () => myPresenters.value.filter((p) => p.status === PRESENTER_STATUS.processing).length,
);

/** Loads (or refreshes) the list; `quiet` refreshes show no spinner or error toast. */
export async function loadMyPresenters(quiet = false): Promise<void> {
  if (!quiet) myPresentersLoading.value = true;
  try {
    const res = await presenterApi.listMine(1, PAGE_SIZE, { quiet });
    // The tools and the editor's lookups read the shared library lists: they follow this one.
    forgetLibraryList('characters');
    const before = processingCount.peek();
    batch(() => {
      myPresenters.value = res.data?.list ?? [];
      myPresentersFailed.value = false;
      myPresentersLoaded.value = true;
    });
    // A video finished: the editor's private list gains it.
    if (processingCount.peek() < before) refreshEditorList();
  } catch {
    if (!quiet) myPresentersFailed.value = true;
  } finally {
    if (!quiet) myPresentersLoading.value = false;
  }
}

let refreshTimer: ReturnType<typeof setTimeout> | undefined;
/** Keeps the list fresh while a video is encoding; call with false to stop (leaving the view). */
export function watchProcessing(active: boolean): void {
  clearTimeout(refreshTimer);
  refreshTimer = undefined;
  if (!active) return;
  const tick = async () => {
    if (processingCount.value > 0) await loadMyPresenters(true);
    refreshTimer = setTimeout(() => void tick(), PROCESSING_REFRESH_MS);
  };
  refreshTimer = setTimeout(() => void tick(), PROCESSING_REFRESH_MS);
}

/** Uploads a new presenter; it is shown first. Rejects (message already shown) on refusal. */
export async function createPresenter(
  form: PresenterDraftForm,
  onProgress: (percent: number) => void,
): Promise<CharacterItem> {
  const res = await presenterApi.create(form, onProgress);
  const item = res.data as CharacterItem;
  myPresenters.value = [item, ...myPresenters.value.filter((p) => p.id !== item.id)];
  refreshEditorList();
  showMessage('success', res.msg);
  return item;
}

/**
 * Deletes one of the user's presenters (the screen asks first; projects using it are named and
 * asked about again). False when the user kept it.
 */
export async function deletePresenter(id: string): Promise<boolean> {
  const res = await deleteAskingIfUsed((force, o) => presenterApi.remove(id, force, o));
  if (!res) return false;
  myPresenters.value = myPresenters.value.filter((p) => p.id !== id);
  // The editor's lookups read the shared lists: a project using it says so when it opens (QA).
  forgetLibraryList('characters');
  refreshEditorList();
  showMessage('success', res.msg);
  return true;
}

/** The editor's 数字人 tab, when it shows the private list, lists the change at once. */
function refreshEditorList(): void {
  if (characterIsPublic.value === 2 && characters.page.value > 0) void loadCharacters(true);
}
