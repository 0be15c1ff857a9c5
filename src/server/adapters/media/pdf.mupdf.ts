/**
 * PDF slides with mupdf (WASM): inspecting an upload and rasterising its pages.
 *
 * Output layout of {@link rasterizePdf} in `outDir`: `images/1.png` ... `images/{n}.png` (n counts from 1,
 * as pages are numbered in the editor and the spec's `images/{n}.png`), every image exactly `width`
 * pixels wide (1920 by default, height by the page's aspect ratio), and `thumb.png` of page 1
 * (320 px wide) for the PDF list. Rendering runs in a worker thread; files are written to a temporary
 * directory inside `outDir` and renamed into place only when every page succeeded.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PdfError, type PdfErrorCode } from './pdf.errors';
import type { RasterJob, RasterMessage } from './pdf.mupdf.protocol';
import { openCheckedPdf } from './pdf.open';
import { startModuleWorker } from './workerThread';

export { PdfError, PDF_ERROR_MESSAGES, type PdfErrorCode } from './pdf.errors';

/** What {@link inspectPdf} reports about a usable PDF. */
export interface PdfInfo {
  pageCount: number;
  /** Encrypted without a user password (permissions only): readable, so accepted. */
  encrypted: boolean;
  title: string | null;
}

/** Page count, encryption and title of a PDF; throws {@link PdfError} for files that cannot be used. */
export async function inspectPdf(path: string): Promise<PdfInfo> {
  const mupdf = await import('mupdf');
  const doc = await openCheckedPdf(mupdf, path);
  try {
    const encryption = doc.getMetaData('encryption');
    const title = doc.getMetaData('info:Title')?.trim();
    return {
      pageCount: doc.countPages(),
      encrypted: !!encryption && encryption !== 'None',
      title: title || null,
    };
  } finally {
    doc.destroy();
  }
}

/** Options of {@link rasterizePdf}. */
export interface RasterizeOptions {
  /** Pixel width of every page image (default 1920). */
  width?: number;
  /** Pixel width of thumb.png (default 320). */
  thumbWidth?: number;
  /** Called with pages done so far (0 first) and the page count. */
  onProgress?: (done: number, total: number) => void;
  /** Aborting stops the worker and removes everything written. */
  signal?: AbortSignal;
}

/** Result of {@link rasterizePdf}: where the files are and each page image's height. */
export interface RasterizeResult {
  pageCount: number;
  imagesDir: string;
  thumbPath: string;
  width: number;
  heights: number[];
}

const KNOWN_CODES: readonly string[] = ['not_pdf', 'corrupt', 'encrypted', 'empty'];

function runWorker(
  job: RasterJob,
  options: RasterizeOptions,
): Promise<{ pageCount: number; heights: number[] }> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(options.signal.reason ?? new Error('aborted'));
    const worker = startModuleWorker(new URL('./pdf.mupdf.worker.ts', import.meta.url), job);
    let settled = false;
    const finish = (fn: () => void): void => {
      if (settled) return;
      settled = true;
      options.signal?.removeEventListener('abort', onAbort);
      // Settle once the worker has stopped: a page it was still writing must not land in a folder
      // the caller is removing (rm then fails with ENOTEMPTY).
      void worker.terminate().then(fn, fn);
    };
    const onAbort = (): void => finish(() => reject(options.signal?.reason ?? new Error('aborted')));
    options.signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (msg: RasterMessage) => {
      if (msg.type === 'progress') options.onProgress?.(msg.done, msg.total);
      else if (msg.type === 'done') finish(() => resolve({ pageCount: msg.pageCount, heights: msg.heights }));
      else
        finish(() =>
          reject(
            KNOWN_CODES.includes(msg.code)
              ? new PdfError(msg.code as PdfErrorCode, msg.detail)
              : new Error(`PDF rasterising failed: ${msg.code}: ${msg.detail}`),
          ),
        );
    });
    worker.on('error', (err) => finish(() => reject(err)));
    worker.on('exit', (code) => finish(() => reject(new Error(`PDF worker exited with code ${code}`))));
  });
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/**
 * Rasterises every page of a PDF into `outDir` (see the module comment for the layout). On any
 * failure, including abort, nothing new is left in `outDir` (and `outDir` itself is removed if this
 * call created it). Existing `images/` and `thumb.png` are replaced only on success.
 */
export async function rasterizePdf(
  path: string,
  outDir: string,
  options: RasterizeOptions = {},
): Promise<RasterizeResult> {
  const width = options.width ?? 1920;
  const thumbWidth = options.thumbWidth ?? 320;
  await inspectPdf(path); // refuse unusable files in milliseconds, before starting a worker
  const createdOutDir = !(await exists(outDir));
  const tmpDir = join(outDir, `.raster-${randomBytes(6).toString('hex')}.tmp`);
  await mkdir(tmpDir, { recursive: true });
  const imagesDir = join(outDir, 'images');
  const thumbPath = join(outDir, 'thumb.png');
  try {
    const { pageCount, heights } = await runWorker({ path, tmpDir, width, thumbWidth }, options);
    await rm(imagesDir, { recursive: true, force: true });
    await rename(join(tmpDir, 'images'), imagesDir);
    await rename(join(tmpDir, 'thumb.png'), thumbPath);
    await rm(tmpDir, { recursive: true, force: true });
    return { pageCount, imagesDir, thumbPath, width, heights };
  } catch (err) {
    await rm(createdOutDir ? outDir : tmpDir, { recursive: true, force: true, maxRetries: 3 });
    throw err;
  }
}
