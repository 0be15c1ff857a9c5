import { batch, computed, signal, type Signal } from '@preact/signals-react';
import type { CharacterItem, PageOf, SceneItem, VoiceItem } from '../../api/library.contract';
import type { Envelope } from '../../api/envelope';
import { studioApi } from '../services/http';
import { deleteAskingIfUsed } from './deleteInUse';
import { invalidateLibrary, libraryItems } from './libraryCache';

/** Forgets the shared whole-list copy of a kind, after the user's own presenters or voices changed. */
export const forgetLibraryList = invalidateLibrary;

/*
 * The editor's left tabs (数字人 / 场景 / 音色): lists, paging and switches. Choosing an item is a
 * document command and goes through editor.ts `dispatch`; nothing here edits the document.
 */

export type LibraryTab = 'character' | 'scene' | 'voice';
export const activeTab = signal<LibraryTab>('character');

/** Spec 9 page sizes. */
export const CHARACTER_PAGE_SIZE = 10;
export const SCENE_PAGE_SIZE = 10;
export const VOICE_PAGE_SIZE = 50;
/** Spec 9: the scene list grows by 10 per scroll after 500 ms. */
export const SCENE_SCROLL_DELAY_MS = 500;
/** Private voices are listed only once trained (spec 6: pthStatus 4). */
export const VOICE_READY = 4;

/** One paged list: items so far, server total, last page loaded, and the load in flight. */
export interface PagedList<T> {
  items: Signal<T[]>;
  count: Signal<number>;
  page: Signal<number>;
  loading: Signal<boolean>;
  /** True after a failed load (the client already showed the message). */
  failed: Signal<boolean>;
  /** True once every item the server has is loaded. */
  done: Signal<boolean>;
}

function pagedList<T>(): PagedList<T> & { generation: number } {
  const items = signal<T[]>([]);
  const count = signal(0);
  const page = signal(0);
  return {
    items,
    count,
    page,
    loading: signal(false),
    failed: signal(false),
    done: computed(() => page.value > 0 && items.value.length >= count.value),
    generation: 0,
  };
}

/**
 * Loads the next page of `list` (or page 1 when `reset`). Answers of a request started before a
 * later reset (e.g. the switch was flipped meanwhile) are dropped.
 */
async function loadPage<T extends { id: string }>(
  list: ReturnType<typeof pagedList<T>>,
  reset: boolean,
  fetch: (pageIndex: number) => Promise<Envelope<PageOf<T>>>,
  delayMs = 0,
): Promise<void> {
  if (reset) {
    list.generation++;
    batch(() => {
      list.items.value = [];
      list.count.value = 0;
      list.page.value = 0;
      list.failed.value = false;
      list.loading.value = false;
    });
  } else if (list.loading.value || list.done.value) return;
  const generation = list.generation;
  const pageIndex = list.page.value + 1;
  list.loading.value = true;
  try {
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    if (generation !== list.generation) return;
    const res = await fetch(pageIndex);
    if (generation !== list.generation) return;
    const data = res.data;
    batch(() => {
      // An item already shown (a scene just added at the top) is not listed twice.
      const known = new Set(list.items.value.map((item) => item.id));
      list.items.value = [...list.items.value, ...(data?.list ?? []).filter((item) => !known.has(item.id))];
      // A short page means the end even if the count says otherwise.
      const short = (data?.list.length ?? 0) === 0;
      list.count.value = short ? list.items.value.length : (data?.count ?? 0);
      list.page.value = pageIndex;
      list.failed.value = false;
    });
  } catch {
    if (generation === list.generation) list.failed.value = true;
  } finally {
    if (generation === list.generation) list.loading.value = false;
  }
}

// ---- 数字人 ----------------------------------------------------------------------------------

/** 1 public, 2 private presenters. */
export const characterIsPublic = signal<1 | 2>(1);
export const characters = pagedList<CharacterItem>();

/** Loads the next 10 presenters (status 1 only; the server filters). */
export function loadCharacters(reset = false): Promise<void> {
  const isPublic = characterIsPublic.value;
  return loadPage(characters, reset, (pageIndex) =>
    studioApi.listCharacters({ pageIndex, pageSize: CHARACTER_PAGE_SIZE, isPublic }),
  );
}

export function setCharacterIsPublic(value: 1 | 2): void {
  if (characterIsPublic.value === value && characters.page.value > 0) return;
  characterIsPublic.value = value;
  void loadCharacters(true);
}

// ---- 场景 ------------------------------------------------------------------------------------

/** 1 landscape, 2 portrait: filters the list; choosing a scene decides the project's orientation. */
export const sceneSizeType = signal<1 | 2>(1);
export const scenes = pagedList<SceneItem>();

/** Loads the first 10 scenes (reset) or 10 more after the spec's 500 ms scroll delay. */
export function loadScenes(reset = false): Promise<void> {
  const sizeType = sceneSizeType.value;
  return loadPage(
    scenes,
    reset,
    (pageIndex) => studioApi.listScenes({ pageIndex, pageSize: SCENE_PAGE_SIZE, sizeType }),
    reset ? 0 : SCENE_SCROLL_DELAY_MS,
  );
}

let sceneFilterProject: number | null = null;

/**
 * Opens the scene list on the project's own orientation the first time a project shows it; after
 * that the switch keeps whatever the author chose.
 */
export function openScenes(project: number | null, orientation: 1 | 2): void {
  if (project !== sceneFilterProject) {
    sceneFilterProject = project;
    if (sceneSizeType.value !== orientation || scenes.page.value === 0) {
      sceneSizeType.value = orientation;
      void loadScenes(true);
      return;
    }
  }
  if (scenes.page.value === 0 && !scenes.loading.value) void loadScenes(true);
}

export function setSceneSizeType(value: 1 | 2): void {
  if (sceneSizeType.value === value && scenes.page.value > 0) return;
  sceneSizeType.value = value;
  void loadScenes(true);
}

/**
 * Deletes one of the user's own scenes (the caller asks for confirmation first; projects using it
 * are named and asked about again). False when the user kept it.
 */
export async function deleteScene(id: string): Promise<boolean> {
  const done = await deleteAskingIfUsed((force, o) => studioApi.deleteScene(id, force, o));
  if (!done) return false;
  invalidateLibrary('scenes');
  batch(() => {
    scenes.items.value = scenes.items.value.filter((s) => s.id !== id);
    scenes.count.value = Math.max(0, scenes.count.value - 1);
  });
  return true;
}

/** True while the 上传自定义背景 dialog is open. */
export const sceneUploadOpen = signal(false);

/** The scene form (spec 3): name, the picked image and its orientation. */
export interface SceneUploadForm {
  name: string;
  sizeType: 1 | 2;
  file: File;
}

/**
 * Uploads the image (scene/upload, percent to `onProgress`), names it (scene/insert) and shows the
 * new scene first in its orientation's list, switching the list to that orientation.
 */
export async function addCustomScene(
  form: SceneUploadForm,
  onProgress?: (percent: number) => void,
): Promise<SceneItem> {
  const uploaded = await studioApi.uploadSceneImage(form.file, form.file.name, form.sizeType, onProgress);
  const res = await studioApi.insertScene({
    name: form.name.trim(),
    path: uploaded.data ?? '',
    sizeType: form.sizeType,
  });
  const item = res.data as SceneItem;
  invalidateLibrary('scenes');
  if (sceneSizeType.value !== item.sizeType || scenes.page.value === 0) {
    sceneSizeType.value = item.sizeType === 2 ? 2 : 1;
    await loadScenes(true);
  }
  // First in the list, right under the upload card the author just used.
  const listed = scenes.items.value.some((s) => s.id === item.id);
  batch(() => {
    scenes.items.value = [item, ...scenes.items.value.filter((s) => s.id !== item.id)];
    if (!listed) scenes.count.value += 1;
  });
  return item;
}

// ---- 音色 ------------------------------------------------------------------------------------

export const voiceIsPublic = signal<1 | 2>(1);
/** 1 male, 2 female (the spec: 1 male, any other value female). */
export const voiceSex = signal<1 | 2>(2);
export const voices = pagedList<VoiceItem>();
/** The voices to show: private ones only when ready (pthStatus 4). */
export const visibleVoices = computed(() =>
  voices.items.value.filter((v) => v.isPublic !== 2 || v.pthStatus === VOICE_READY),
);

/** Loads the next 50 voices of the chosen kind and sex. */
export function loadVoices(reset = false): Promise<void> {
  const isPublic = voiceIsPublic.value;
  const sex = voiceSex.value;
  return loadPage(voices, reset, (pageIndex) =>
    studioApi.listVoices({ pageIndex, pageSize: VOICE_PAGE_SIZE, isPublic, sex }),
  );
}

export function setVoiceFilter(change: { isPublic?: 1 | 2; sex?: 1 | 2 }): void {
  batch(() => {
    if (change.isPublic) voiceIsPublic.value = change.isPublic;
    if (change.sex) voiceSex.value = change.sex;
  });
  void loadVoices(true);
}

let voiceFilterProject: number | null = null;

/**
 * Opens the voice list: the first time for a project, on the sex of the project's public voice so
 * the chosen one is in view; after that the switches keep whatever the author chose.
 */
export async function openVoices(project: number | null, voiceId: string): Promise<void> {
  if (project !== voiceFilterProject) {
    voiceFilterProject = project;
    const current = voiceId ? await findVoice(voiceId) : null;
    if (current) {
      setVoiceFilter({ isPublic: 1, sex: current.sex === 1 ? 1 : 2 });
      return;
    }
  }
  if (voices.page.value === 0 && !voices.loading.value) void loadVoices(true);
}

/** A public voice by id (a presenter's suggested voice), from the lists or one quiet lookup. */
export async function findVoice(id: string): Promise<VoiceItem | null> {
  const known = voices.items.value.find((v) => v.id === id);
  if (known) return known;
  const all = await libraryItems('voices', 1, { quiet: true }).catch(() => []);
  return all.find((v) => v.id === id) ?? null;
}
