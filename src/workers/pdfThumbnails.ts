import { proxy, transfer } from 'comlink';
import { lazyWorker } from './lazyWorker';
import type { PdfReadEvent, PdfReadOutcome, PdfThumbnailsApi } from './pdfThumbnailsApi';

export type { PdfReadEvent, PdfReadOutcome } from './pdfThumbnailsApi';

// pdf.js is large: the main-thread fallback loads it only when it is needed, so it never weighs on
// the app's first load (in the worker it is part of the worker's own bundle).
const mainThreadApi: PdfThumbnailsApi = {
  async read(bytes, report) {
    const { pdfThumbnailsApi } = await import('./pdfThumbnailsApi');
    return pdfThumbnailsApi.read(bytes, report);
  },
};

const thumbnailsWorker = lazyWorker<PdfThumbnailsApi>(
  () => new Worker(new URL('./pdfThumbnails.worker.ts', import.meta.url), { type: 'module' }),
  mainThreadApi,
);

/**
 * Reads a chosen PDF off the main thread: `report` hears its page count as soon as it is open, then
 * each first page's thumbnail. Resolves when done with whether the file is usable.
 */
export async function readPdfOffThread(
  file: Blob,
  report: (event: PdfReadEvent) => void,
): Promise<PdfReadOutcome> {
  const bytes = await file.arrayBuffer();
  return thumbnailsWorker.run(
    (remote) => remote.read(transfer(bytes, [bytes]), proxy(report)),
    (api) => api.read(bytes, report),
  );
}

/** Stops the thumbnails worker now (it also stops by itself when idle). */
export function terminatePdfThumbnailsWorker(): void {
  thumbnailsWorker.terminate();
}
