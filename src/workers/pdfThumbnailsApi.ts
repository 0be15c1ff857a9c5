import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
// Importing pdf.js's own worker code makes pdf.js run it in this same thread (its "fake worker"):
// we already are off the main thread, and nothing is fetched at run time. Loaded in a worker it also
// starts listening on `self`, but only to messages addressed to pdf.js, so Comlink is undisturbed.
import 'pdfjs-dist/build/pdf.worker.min.mjs';
import { looksLikePdf } from '../model/fileSignature';
import { problemOfPdfjsError, thumbPages, thumbSize, type PdfProblem } from './pdfCheck';

/** Something {@link pdfThumbnailsApi.read} learned, reported as soon as it is known. */
export type PdfReadEvent =
  | { kind: 'opened'; pageCount: number }
  | { kind: 'thumb'; page: number; blob: Blob; width: number; height: number };

/** How reading ended: usable with its page count, refused for a problem, or not readable here. */
export type PdfReadOutcome =
  | { kind: 'ok'; pageCount: number }
  | { kind: 'refused'; problem: PdfProblem }
  | { kind: 'unreadable'; detail: string };

// pdf.js's character maps (Chinese, Japanese, Korean encodings), bundled as files of our own build:
// only their URLs are in the code, a deck fetches just the few it uses, nothing comes from outside.
const bundledCMaps = new Map(
  Object.entries(
    import.meta.glob<string>('/node_modules/pdfjs-dist/cmaps/*.bcmap', {
      query: '?url',
      import: 'default',
      eager: true,
    }),
  ).map(([file, url]) => [file.slice(file.lastIndexOf('/') + 1), url]),
);

// Hands pdf.js the bundled character maps it asks for by file name.
class BundledDataFactory {
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const url = kind === 'cMapUrl' ? bundledCMaps.get(filename) : undefined;
    if (!url) throw new Error(`${filename} is not bundled`);
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${filename}: HTTP ${res.status}`);
    return new Uint8Array(await res.arrayBuffer());
  }
}

// Fonts are registered where canvases drawn here look them up: the worker's own FontFaceSet (no
// document exists there), or the page's on the main-thread fallback. Fonts a deck does not embed
// (STSong-Light, say) are then drawn with a font of the system, as a PDF viewer would.
function fontHost(): Document {
  if (typeof document !== 'undefined') return document;
  return { fonts: (self as unknown as { fonts: FontFaceSet }).fonts } as unknown as Document;
}

// pdf.js draws into canvases it makes itself; in a worker only OffscreenCanvas exists.
class OffscreenCanvasFactory {
  create(width: number, height: number) {
    const canvas = new OffscreenCanvas(width, height);
    return { canvas, context: canvas.getContext('2d') };
  }
  reset(target: { canvas: OffscreenCanvas }, width: number, height: number) {
    target.canvas.width = width;
    target.canvas.height = height;
  }
  destroy(target: { canvas: OffscreenCanvas | null; context: unknown }) {
    if (target.canvas) target.canvas.width = target.canvas.height = 0;
    target.canvas = null;
    target.context = null;
  }
}

// SVG filters (transfer functions) need a DOM; thumbnails do without them.
class NoFilterFactory {
  addFilter() {
    return 'none';
  }
  addHCMFilter() {
    return 'none';
  }
  addAlphaFilter() {
    return 'none';
  }
  addLuminosityFilter() {
    return 'none';
  }
  addHighlightHCMFilter() {
    return 'none';
  }
  destroy() {}
}

async function drawThumb(pdf: PDFDocumentProxy, pageNumber: number) {
  const page = await pdf.getPage(pageNumber);
  try {
    const base = page.getViewport({ scale: 1 });
    const size = thumbSize(base.width, base.height);
    const viewport = page.getViewport({ scale: size.scale });
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext('2d')!;
    // Slides are opaque; a transparent page would show the strip's colour through it.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size.width, size.height);
    await page.render({ canvas: null, canvasContext: context as never, viewport }).promise;
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.82 });
    return { blob, width: size.width, height: size.height };
  } finally {
    page.cleanup();
  }
}

/** What the PDF-thumbnails worker offers (the same object runs on the main thread as the fallback). */
export const pdfThumbnailsApi = {
  /**
   * Opens a PDF's bytes with pdf.js: reports its page count at once, then a thumbnail of each of the
   * first pages as it is drawn. Refuses what the server would refuse (no header, broken, password,
   * no pages). A page that fails to draw is skipped: its thumbnail is only a preview.
   */
  async read(bytes: ArrayBuffer, report: (event: PdfReadEvent) => unknown): Promise<PdfReadOutcome> {
    if (!looksLikePdf(new Uint8Array(bytes, 0, Math.min(1024, bytes.byteLength)))) {
      return { kind: 'refused', problem: 'not_pdf' };
    }
    const task = getDocument({
      data: new Uint8Array(bytes),
      ownerDocument: fontHost(),
      useSystemFonts: true,
      useWorkerFetch: false,
      BinaryDataFactory: BundledDataFactory,
      isEvalSupported: false,
      CanvasFactory: OffscreenCanvasFactory,
      FilterFactory: NoFilterFactory,
      verbosity: 0,
    });
    let pdf: PDFDocumentProxy;
    try {
      pdf = await task.promise;
    } catch (error) {
      const problem = problemOfPdfjsError(error);
      return problem ? { kind: 'refused', problem } : { kind: 'unreadable', detail: String(error) };
    }
    try {
      const pageCount = pdf.numPages;
      if (pageCount === 0) return { kind: 'refused', problem: 'empty' };
      await report({ kind: 'opened', pageCount });
      for (const page of thumbPages(pageCount)) {
        const thumb = await drawThumb(pdf, page).catch(() => null);
        if (thumb) await report({ kind: 'thumb', page, ...thumb });
      }
      return { kind: 'ok', pageCount };
    } finally {
      void task.destroy();
    }
  },
};

export type PdfThumbnailsApi = typeof pdfThumbnailsApi;
