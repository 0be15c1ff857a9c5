import { batch, signal } from '@preact/signals-react';
import {
  hasPageAudio,
  hasPdf,
  hasVideo,
  isPlaceholderText,
  messages,
  pagesFromPdf,
  pagesWithoutPdf,
  type ProjectDocument,
} from '../../model/project';
import { PDF_MAX_BYTES, pptMessages, type PptItem } from '../../api/ppt.contract';
import { PDF_PROBLEM_MESSAGES } from '../../workers/pdfCheck';
import { readPdfOffThread } from '../../workers/pdfThumbnails';
import { studioApi } from '../services/http';
import { confirmDialog } from './confirm';
import { dispatch, doc } from './editor';
import { loadDraft } from './editorNarration';
import { showMessage } from './messages';

/*
 * PDF管理 (spec 2, 5 "Uploads"): the dialog's list of earlier PDFs (6 per page), upload with its
 * percent and then the server's rasterising progress, use, 无需PDF, delete with confirmation.
 */

export const PDF_PAGE_SIZE = 6;
/** How often a deck still being rasterised is asked for its progress. */
export const RASTER_POLL_MS = 1000;

export const pdfDialogOpen = signal(false);
export const pdfList = signal<PptItem[]>([]);
export const pdfCount = signal(0);
export const pdfPageIndex = signal(1);
export const pdfListLoading = signal(false);

/**
 * The upload in progress: the file's name, then (after the browser has opened it) upload percent,
 * then pages rasterised so far.
 */
export interface PdfUpload {
  name: string;
  phase: 'reading' | 'uploading' | 'rasterising';
  percent: number;
  pagesDone: number;
  pageCount: number;
}
export const pdfUpload = signal<PdfUpload | null>(null);

/** One first-page thumbnail of the chosen file, drawn in the browser (an object URL). */
export interface LocalThumb {
  page: number;
  url: string;
  width: number;
  height: number;
}
/** What the browser read from the chosen file before and while it uploads (pageCount 0: reading). */
export interface PdfLocalPreview {
  name: string;
  pageCount: number;
  thumbs: LocalThumb[];
}
export const pdfLocal = signal<PdfLocalPreview | null>(null);

/** The spec's client checks of a PDF before upload; the message to show, or null when it may go. */
export function checkPdfFile(file: { name: string; size: number }): string | null {
  if (!/\.pdf$/i.test(file.name)) return pptMessages.notPdf;
  if (file.size >= PDF_MAX_BYTES) return pptMessages.tooLarge;
  return null;
}

/**
 * Whether opening the project starts with the PDF dialog: only a project never saved and still
 * blank. One saved after 无需PDF (a cast chosen, a draft saved) does not ask again on every visit.
 */
export function asksForSlides(d: ProjectDocument, savedRevision: number): boolean {
  return savedRevision === 0 && !hasContent(d);
}

/**
 * True when the project has a PDF, or pages with what the author put there (narration written,
 * audio uploaded or recorded, stickers, a video), which choosing a PDF replaces. A voice project's
 * pages have audio and no text: they count too, or its PDF dialog opened again on every visit.
 */
export function hasContent(d: ProjectDocument): boolean {
  return (
    hasPdf(d) ||
    d.ppt.pages.some(
      (p, at) =>
        (p.text.trim() !== '' && !isPlaceholderText(p.text)) ||
        hasPageAudio(d, at) ||
        p.textureList.length > 0 ||
        hasVideo(p),
    )
  );
}

/** Loads one page of the list (1-based). */
export async function loadPdfList(pageIndex = pdfPageIndex.value, quiet = false): Promise<void> {
  if (!quiet) pdfListLoading.value = true;
  try {
    const res = await studioApi.listPdfs(pageIndex, { quiet });
    const data = res.data!;
    const last = Math.max(1, Math.ceil(data.count / PDF_PAGE_SIZE));
    // Deleting the only deck of the last page leaves that page empty: show the one before it.
    if (data.list.length === 0 && pageIndex > last) return loadPdfList(last, quiet);
    batch(() => {
      pdfList.value = data.list;
      pdfCount.value = data.count;
      pdfPageIndex.value = pageIndex;
    });
  } catch {
    // The client has shown the error; the list keeps what it had.
  } finally {
    if (!quiet) pdfListLoading.value = false;
  }
}

export function openPdfDialog(): void {
  pdfDialogOpen.value = true;
  void loadPdfList(1);
}

export function closePdfDialog(): void {
  pdfDialogOpen.value = false;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Each chosen file gets a run number, so thumbnails still arriving for an earlier file are dropped.
let previewRun = 0;

/**
 * Reads the chosen file in the PDF worker: fills {@link pdfLocal} with its page count and then its
 * thumbnails. Resolves as soon as the file is known to open (the upload may start; thumbnails keep
 * coming) with null, or with the server's message when the file would be refused. A file the browser
 * cannot judge (no OffscreenCanvas, say) resolves null too: the server then decides.
 */
function readLocally(file: File, name: string): Promise<string | null> {
  const run = ++previewRun;
  pdfLocal.value = { name, pageCount: 0, thumbs: [] };
  return new Promise((resolve) => {
    readPdfOffThread(file, (event) => {
      const current = pdfLocal.peek();
      if (run !== previewRun || !current) return;
      if (event.kind === 'opened') {
        pdfLocal.value = { ...current, pageCount: event.pageCount };
        resolve(null);
        return;
      }
      const { page, width, height } = event;
      const thumb = { page, width, height, url: URL.createObjectURL(event.blob) };
      pdfLocal.value = { ...current, thumbs: [...current.thumbs, thumb] };
    }).then(
      (outcome) => resolve(outcome.kind === 'refused' ? PDF_PROBLEM_MESSAGES[outcome.problem] : null),
      () => resolve(null),
    );
  });
}

/** Forgets the local preview and frees its thumbnails. */
function clearLocalPreview(): void {
  previewRun++;
  for (const thumb of pdfLocal.peek()?.thumbs ?? []) URL.revokeObjectURL(thumb.url);
  pdfLocal.value = null;
}

/** Uploads a PDF, follows its rasterising, then offers it for use. Returns the ready deck or null. */
export async function uploadPdfFile(file: File): Promise<PptItem | null> {
  const problem = checkPdfFile(file);
  if (problem) {
    showMessage('error', problem);
    return null;
  }
  const name = file.name.replace(/\.pdf$/i, '');
  // Nothing is sent until the browser has opened the file: a broken one never reaches the server.
  pdfUpload.value = { name, phase: 'reading', percent: 0, pagesDone: 0, pageCount: 0 };
  const refusal = await readLocally(file, name);
  if (refusal) {
    pdfUpload.value = null;
    clearLocalPreview();
    showMessage('error', refusal);
    return null;
  }
  pdfUpload.value = { name, phase: 'uploading', percent: 0, pagesDone: 0, pageCount: 0 };
  try {
    const res = await studioApi.uploadPdf(file, file.name, (percent) => {
      if (pdfUpload.value) pdfUpload.value = { ...pdfUpload.value, percent };
    });
    const { pptId, pageCount } = res.data!;
    pdfUpload.value = { name, phase: 'rasterising', percent: 100, pagesDone: 0, pageCount };
    for (;;) {
      const info = (await studioApi.pdfInfo(pptId)).data!;
      pdfUpload.value = {
        name,
        phase: 'rasterising',
        percent: 100,
        pagesDone: info.pagesDone,
        pageCount: info.pageCount || pageCount,
      };
      if (info.status === 'failed') {
        showMessage('error', info.error || '文件处理失败');
        return null;
      }
      if (info.status === 'ready') {
        showMessage('success', '上传成功');
        await loadPdfList(1);
        return info;
      }
      await sleep(RASTER_POLL_MS);
    }
  } catch {
    return null;
  } finally {
    pdfUpload.value = null;
    clearLocalPreview();
    void loadPdfList(1, true);
  }
}

/** Uses a ready deck: one page per PDF page with the placeholder narration (asks first when that
 * replaces the author's work). */
export async function choosePdf(item: PptItem): Promise<boolean> {
  if (!doc.value || item.status !== 'ready') return false;
  if (hasContent(doc.value)) {
    const yes = await confirmDialog({
      title: '提示',
      content: '使用该PDF会替换当前所有页面及其文案, 是否继续?',
      confirmText: '确定',
      cancelText: '取消',
      testId: 'confirm-use-pdf',
    });
    if (!yes) {
      showMessage('info', messages.cancelled);
      return false;
    }
  }
  const result = dispatch(pagesFromPdf, {
    name: item.name,
    uuidStr: item.uuidStr,
    basePath: item.basePath,
    pageCount: item.pageCount,
  });
  if (!result.ok) {
    showMessage('error', result.error);
    return false;
  }
  loadDraft();
  pdfDialogOpen.value = false;
  showMessage('success', '已使用该PDF');
  return true;
}

/** 无需PDF: the project goes on without slides (narration stays). */
export function chooseNoPdf(): void {
  const result = dispatch(pagesWithoutPdf);
  if (!result.ok) return void showMessage('error', result.error);
  loadDraft();
  pdfDialogOpen.value = false;
}

/** Deletes a deck after 此操作将永久删除该文件, 是否继续? (已取消删除 on cancel). */
export async function removePdf(item: PptItem): Promise<void> {
  const yes = await confirmDialog({
    title: '提示',
    content: messages.confirmDeletePdf,
    confirmText: '确定',
    cancelText: '取消',
    testId: 'confirm-delete-pdf',
  });
  if (!yes) return void showMessage('info', messages.deleteCancelled);
  try {
    await studioApi.deletePdf(item.id);
    showMessage('success', '删除成功');
  } catch {
    // The client has shown the error.
  }
  await loadPdfList();
}
