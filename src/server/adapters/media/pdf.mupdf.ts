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
import { PdfError, pdfMessages, type PdfErrorCode } from './pdf.errors';
import type { RasterJob, RasterMessage } from './pdf.mupdf.protocol';
import { openCheckedPdf } from './pdf.open';
import { startModuleWorker } from './workerThread';

export { PdfError, PDF_ERROR_MESSAGES, type PdfErrorCode } from './pdf.errors';

/** How long a rasterising worker may take to start and open the file before any page counts. */
const WORKER_START_MS = 30_000;

/**
 * The most a page's long side may exceed its short side. Slides are 16:9 or 4:3 and documents
 * about 1.4:1; a 1x14400 pt strip would rasterise to a 27-million-pixel-tall image at 1920 wide.
 */
export const MAX_PAGE_ASPECT = 6;

/** What {@link inspectPdf} reports about a usable PDF. */
export interface PdfInfo {
  pageCount: number;
  /** Encrypted without a user password (permissions only): readable, so accepted. */
  encrypted: boolean;
  title: string | null;
}

/**
 * Page count, encryption and title of a PDF; throws {@link PdfError} for files that cannot be used:
 * unreadable ones, more than `maxPages` pages, or a page too narrow to be a slide.
 */
export async function inspectPdf(path: string, opts: { maxPages?: number } = {}): Promise<PdfInfo> {
  const mupdf = await import('mupdf');
  const doc = await openCheckedPdf(mupdf, path);
  try {
    const pages = doc.countPages();
    if (opts.maxPages !== undefined && pages > opts.maxPages) {
      throw new PdfError('too_many_pages', `${pages} pages`, pdfMessages.tooManyPages(pages, opts.maxPages));
    }
    checkPageShapes(doc, pages);
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

type MupdfDocument = Awaited<ReturnType<typeof openCheckedPdf>>;

/** Refuses the first page whose sides differ by more than MAX_PAGE_ASPECT (or that has no area). */
function checkPageShapes(doc: MupdfDocument, pages: number): void {
  for (let i = 0; i < pages; i++) {
    const page = doc.loadPage(i);
    let bounds: number[];
    try {
      bounds = page.getBounds();
    } catch (err) {
      throw new PdfError('corrupt', String((err as Error).message ?? err));
    } finally {
      page.destroy();
    }
    const [x0, y0, x1, y1] = bounds;
    const width = Math.round(Math.abs(x1 - x0));
    const height = Math.round(Math.abs(y1 - y0));
    const short = Math.min(Math.abs(x1 - x0), Math.abs(y1 - y0));
    const long = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0));
    if (!(short > 0) || long / short > MAX_PAGE_ASPECT) {
      throw new PdfError(
        'odd_page',
        `page ${i + 1}: ${width}x${height}`,
        pdfMessages.oddPage(i + 1, width, height),
      );
    }
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
  /** Refuse decks of more pages than this (checked before the worker starts). */
  maxPages?: number;
  /** A page that takes longer than this stops the worker with a page_timeout PdfError. */
  pageTimeoutMs?: number;
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
const DEFAULT_PAGE_TIMEOUT_MS = 60_000;

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
      clearTimeout(watchdog);
      options.signal?.removeEventListener('abort', onAbort);
      // Settle once the worker has stopped: a page it was still writing must not land in a folder
      // the caller is removing (rm then fails with ENOTEMPTY).
      void worker.terminate().then(fn, fn);
    };
    const onAbort = (): void => finish(() => reject(options.signal?.reason ?? new Error('aborted')));
    options.signal?.addEventListener('abort', onAbort, { once: true });
    // A watchdog per page: one page whose content never ends (a gigabyte of drawing operators
    // behind a small deflated stream) must not hold the queue; the worker is stopped, not asked.
    const pageTimeoutMs = options.pageTimeoutMs ?? DEFAULT_PAGE_TIMEOUT_MS;
    let pagesDone = 0;
    let watchdog: NodeJS.Timeout | undefined;
    const armWatchdog = (ms: number) => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        const page = pagesDone + 1;
        const seconds = Math.round(pageTimeoutMs / 1000);
        const error = new PdfError('page_timeout', `page ${page}`, pdfMessages.pageTimeout(page, seconds));
        finish(() => reject(error));
      }, ms);
    };
    // Until the worker has loaded mupdf and opened the file (its first progress message) the clock
    // is not the first page's: a busy machine takes seconds to start a worker, and that used to be
    // charged to page 1 (a plain page 1 "too complex" under load).
    armWatchdog(Math.max(pageTimeoutMs, WORKER_START_MS));
    worker.on('message', (msg: RasterMessage) => {
      if (msg.type === 'progress') {
        pagesDone = msg.done;
        armWatchdog(pageTimeoutMs);
        options.onProgress?.(msg.done, msg.total);
      } else if (msg.type === 'done')
        finish(() => resolve({ pageCount: msg.pageCount, heights: msg.heights }));
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
  // Refuse unusable files in milliseconds, before starting a worker.
  await inspectPdf(path, { maxPages: options.maxPages });
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
