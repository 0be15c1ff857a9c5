import { batch, computed, signal } from '@preact/signals-react';
import { ApiError } from '../../api/client';
import type { TextureItem, TextureType } from '../../api/texture.contract';
import {
  deleteTexture,
  nudgeItem,
  restoreTextures,
  type CanvasItem,
  type ProjectDocument,
  type Result,
} from '../../model/project';
import { studioApi } from '../services/http';
import { confirmDialog } from './confirm';
import { deleteAskingIfUsed } from './deleteInUse';
import { applyQuietly, currentPage, dirty, dispatch, doc, page, projectId } from './editor';
import { editPages } from './editorNarration';
import { showMessage } from './messages';
import { trackUpload, type UploadProgress } from './trackUpload';

/*
 * Stickers and GIFs (spec 2 插入元素 贴图/GIF, "Canvas: draggable stickers"): the paged texture
 * lists of the dialog, the item selected on the preview with its keyboard commands, and the
 * restore of texture paths when a project is opened.
 */

/** Stickers per page of the 贴图 and GIF tabs (spec 9). */
export const TEXTURE_PAGE_SIZE = 10;

/** One page of a texture list (built-in first, then the user's own). */
export interface TexturePage {
  items: TextureItem[];
  pageIndex: number;
  count: number;
  loading: boolean;
  failed: boolean;
}

const emptyPage = (): TexturePage => ({ items: [], pageIndex: 1, count: 0, loading: false, failed: false });

/** The 贴图 (1) and GIF (2) lists shown by the dialog. */
export const textureLists = { 1: signal(emptyPage()), 2: signal(emptyPage()) } as const;
/** Upload progress of the tab uploading now (percent), or null. */
export const textureUpload = signal<UploadProgress<{ type: TextureType }> | null>(null);

/** Loads page `pageIndex` of the list of `type`; a late answer for an older request is ignored. */
export async function loadTexturePage(type: TextureType, pageIndex: number): Promise<void> {
  const list = textureLists[type];
  const request = { ...list.peek(), pageIndex, loading: true, failed: false };
  list.value = request;
  try {
    const res = await studioApi.listTextures({ textureType: type, pageIndex, pageSize: TEXTURE_PAGE_SIZE });
    if (list.peek() !== request) return;
    const data = res.data!;
    list.value = { items: data.list, pageIndex, count: data.count, loading: false, failed: false };
  } catch {
    // The client has shown the server's message.
    if (list.peek() === request) list.value = { ...request, loading: false, failed: true };
  }
}

/** Pages of the list of `type` (at least 1). */
export function texturePages(type: TextureType): number {
  return Math.max(1, Math.ceil(textureLists[type].value.count / TEXTURE_PAGE_SIZE));
}

/** Uploads the user's own sticker (already checked by content) and shows the page holding it. */
export async function uploadOwnTexture(file: Blob, name: string, type: TextureType): Promise<boolean> {
  try {
    const res = await trackUpload(
      (state) => (textureUpload.value = state),
      { type },
      (onProgress) => studioApi.uploadTexture(file, name, type, onProgress),
    );
    showMessage('success', res.msg || '上传成功');
    // Own stickers follow the built-in ones, newest last: the new one is on the last page.
    const count = textureLists[type].peek().count + 1;
    await loadTexturePage(type, Math.ceil(count / TEXTURE_PAGE_SIZE));
    return true;
  } catch {
    return false;
  }
}

/** Deletes one of the user's own stickers after 此操作将永久删除该贴图, 是否继续?. */
export async function deleteOwnTexture(item: TextureItem): Promise<void> {
  const yes = await confirmDialog({
    title: '提示',
    content: '此操作将永久删除该贴图, 是否继续?',
    confirmText: '确定',
    cancelText: '取消',
    testId: 'confirm-delete-texture',
  });
  if (!yes) return void showMessage('info', '已取消删除');
  try {
    // Saved projects that place it are named and asked about first (deleteInUse.ts).
    const done = await deleteAskingIfUsed((force, o) => studioApi.deleteTexture(item.textureId, force, o));
    if (done === null) return void showMessage('info', '已取消删除');
    showMessage('success', '删除成功');
    dropFromOpenProject(item.textureId);
    const list = textureLists[item.type].peek();
    const last = Math.max(1, Math.ceil((list.count - 1) / TEXTURE_PAGE_SIZE));
    await loadTexturePage(item.type, Math.min(list.pageIndex, last));
  } catch {
    // The client has shown the server's message.
  }
}

/**
 * The open project without a sticker whose file was just deleted (else it showed until the next
 * load, its file answering 404), with the notice a load gives; no undo step brings it back.
 */
function dropFromOpenProject(textureId: string): void {
  const placed = doc.peek()?.ppt.pages.some((p) => p.textureList.some((t) => t.textureId === textureId));
  if (!placed) return;
  const result = applyQuietly(restoreTextures, { [textureId]: null });
  if (result.ok && result.message) showMessage('warning', result.message);
}

/** What is selected on the preview: a sticker (by its index on the page), the slide or the presenter. */
export type StageSelection = CanvasItem | null;
export const stageSelection = signal<StageSelection>(null);

/** The selected sticker index when it still exists on the current page, else null. */
export const selectedSticker = computed(() => {
  const s = stageSelection.value;
  return s?.kind === 'sticker' && page.value?.textureList[s.index] ? s.index : null;
});

/** Selects an item of the preview (null: nothing). */
export function selectOnStage(selection: StageSelection): void {
  stageSelection.value = selection;
}

/** Arrow keys: moves the selected item by dx,dy units (one undo step per press). */
export function nudgeSelection(dx: number, dy: number): Result<ProjectDocument> | null {
  const s = stageSelection.value;
  if (!doc.value || !s) return null;
  return dispatch(nudgeItem, currentPage.value, s, dx, dy);
}

/**
 * Delete/Backspace: removes the selected sticker with its narration marker (one undo step). What
 * was typed in the box is saved first, as a page switch would, so the marker is removed from it.
 */
export function deleteSelection(): Result<ProjectDocument> | null {
  const index = selectedSticker.value;
  if (index === null) return null;
  const result = editPages(deleteTexture, currentPage.value, index);
  if (result.ok) stageSelection.value = null;
  return result;
}

/**
 * When a project is opened: every texture id in use is asked for its current path (texture/info,
 * with its cache-busting ?t=); stickers whose texture the server no longer has are dropped with one
 * clear message. A network failure changes nothing (the texture may well still exist).
 */
export async function restoreProjectTextures(): Promise<void> {
  const d = doc.peek();
  const project = projectId.peek();
  if (!d) return;
  const ids = [...new Set(d.ppt.pages.flatMap((p) => p.textureList.map((t) => t.textureId)))];
  if (ids.length === 0) return;
  const answers = await Promise.all(
    ids.map(async (id): Promise<[string, string | null | undefined]> => {
      try {
        return [id, (await studioApi.textureInfo(id, { quiet: true })).data!.path];
      } catch (e) {
        return [id, e instanceof ApiError && e.kind === 'business' ? null : undefined];
      }
    }),
  );
  // Edits made meanwhile are kept: the refresh applies to the document as it is now.
  if (projectId.peek() !== project || !doc.peek()) return;
  const paths: Record<string, string | null> = {};
  for (const [id, path] of answers) if (path !== undefined) paths[id] = path;
  let notice: string | undefined;
  batch(() => {
    const wasDirty = dirty.peek();
    const result = applyQuietly(restoreTextures, paths);
    notice = result.ok ? result.message : undefined;
    // Fresh paths alone are no edit of the author's: only dropped stickers need saving.
    if (!notice) dirty.value = wasDirty;
  });
  if (notice) showMessage('warning', notice);
}
