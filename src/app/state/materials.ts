import { batch, signal, type Signal } from '@preact/signals-react';
import {
  MATERIAL_AUDIO_EXTENSIONS,
  MATERIAL_AUDIO_MAX_BYTES,
  MATERIAL_IMAGE_EXTENSIONS,
  MATERIAL_IMAGE_MAX_BYTES,
  MATERIAL_TYPES,
  materialMessages,
  type MaterialItem,
  type MaterialType,
} from '../../api/material.contract';
import { i18n } from '../i18n';
import { studioApi } from '../services/http';
import { confirmDialog } from './confirm';
import { showMessage } from './messages';
import { deleteAskingIfUsed } from './deleteInUse';
import { trackUpload, type UploadProgress } from './trackUpload';

/*
 * 我的素材: the user's image and audio materials, shared by the 我的 screen and the editor's
 * 背景音乐 dialog (so an upload in one shows in the other), plus the one audio preview player.
 */

interface MaterialList {
  items: Signal<MaterialItem[]>;
  loaded: Signal<boolean>;
  loading: Signal<boolean>;
}
const list = (): MaterialList => ({ items: signal([]), loaded: signal(false), loading: signal(false) });
export const materialLists: Record<MaterialType, MaterialList> = { 2: list(), 3: list() };

/** The upload in progress: its type, file name and percent. */
export const materialUpload = signal<UploadProgress<{ type: MaterialType; name: string }> | null>(null);
/** Path of the material being previewed, or null. */
export const playingMaterial = signal<string | null>(null);

const EXTENSIONS: Record<MaterialType, readonly string[]> = {
  2: MATERIAL_IMAGE_EXTENSIONS,
  3: MATERIAL_AUDIO_EXTENSIONS,
};
const LIMITS: Record<MaterialType, [number, string]> = {
  2: [MATERIAL_IMAGE_MAX_BYTES, materialMessages.imageTooLarge],
  3: [MATERIAL_AUDIO_MAX_BYTES, materialMessages.audioTooLarge],
};

/** The `accept` list of a file input for the type ('.png,.jpg,...'). */
export const acceptFor = (type: MaterialType) => EXTENSIONS[type].map((e) => `.${e}`).join(',');

/** The client's check before uploading (the server checks the content again); the message or null. */
export function checkMaterialFile(file: { name: string; size: number }, type: MaterialType): string | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!EXTENSIONS[type].includes(ext)) {
    return type === MATERIAL_TYPES.image ? materialMessages.imageType : materialMessages.audioType;
  }
  if (file.size === 0) return materialMessages.empty;
  const [max, message] = LIMITS[type];
  return file.size > max ? message : null;
}

/** Loads every material of a type (the spec's pageSize 1000). */
export async function loadMaterials(type: MaterialType, quiet = false): Promise<void> {
  const target = materialLists[type];
  target.loading.value = true;
  try {
    const res = await studioApi.listMaterials(type, { quiet });
    batch(() => {
      target.items.value = res.data!.list;
      target.loaded.value = true;
    });
  } catch {
    // The client has shown the message; the list keeps what it had.
  } finally {
    target.loading.value = false;
  }
}

/** Uploads one file as a material of the type; answers the new item, or null when refused. */
export async function uploadMaterial(file: File, type: MaterialType): Promise<MaterialItem | null> {
  const problem = checkMaterialFile(file, type);
  if (problem) {
    showMessage('error', problem);
    return null;
  }
  if (materialUpload.value) return null;
  try {
    const res = await trackUpload(
      (state) => (materialUpload.value = state),
      { type, name: file.name },
      (onProgress) => studioApi.uploadMaterial(file, file.name, type, onProgress),
    );
    const item = res.data!;
    const target = materialLists[type].items;
    target.value = [item, ...target.value];
    showMessage('success', i18n.t('materials:uploaded'));
    return item;
  } catch {
    return null;
  }
}

/** Deletes a material after confirmation; true when it was deleted. */
export async function removeMaterial(item: MaterialItem): Promise<boolean> {
  const confirmed = await confirmDialog({
    title: i18n.t('materials:deleteTitle'),
    // Only audio can be background music, so only its question mentions it.
    content: i18n.t(
      item.type === MATERIAL_TYPES.audio ? 'materials:deleteConfirmAudio' : 'materials:deleteConfirm',
      { name: item.name },
    ),
    confirmText: i18n.t('materials:delete'),
    cancelText: i18n.t('materials:cancel'),
    testId: 'confirm-delete-material',
  });
  if (!confirmed) {
    showMessage('info', '已取消删除');
    return false;
  }
  try {
    const done = await deleteAskingIfUsed((force, o) => studioApi.deleteMaterial(item.resourcesId, force, o));
    if (!done) return false;
  } catch {
    return false;
  }
  if (playingMaterial.value === item.path) stopMaterial();
  const target = materialLists[item.type].items;
  target.value = target.value.filter((m) => m.resourcesId !== item.resourcesId);
  showMessage('success', i18n.t('materials:deleted'));
  return true;
}

let player: HTMLAudioElement | null = null;

/** Plays an audio material (from its start) at `volume` 0..1; plays it again if it was paused. */
export function playMaterial(url: string, path: string, volume = 1): void {
  if (!player) {
    player = new Audio();
    player.addEventListener('ended', () => (playingMaterial.value = null));
  }
  if (playingMaterial.value !== path) {
    player.src = url;
    player.currentTime = 0;
  }
  player.volume = Math.min(1, Math.max(0, volume));
  playingMaterial.value = path;
  player.play().catch(() => {
    playingMaterial.value = null;
    showMessage('error', materialMessages.audioUnreadable);
  });
}

/** Changes the preview's loudness while it plays (the volume slider). */
export function setPreviewVolume(volume: number): void {
  if (player) player.volume = Math.min(1, Math.max(0, volume));
}

/** Stops the preview. */
export function stopMaterial(): void {
  player?.pause();
  playingMaterial.value = null;
}
