import type { PdfErrorCode } from './pdf.errors';

/** What the rasterising worker is asked to do. */
export interface RasterJob {
  path: string;
  tmpDir: string;
  width: number;
  thumbWidth: number;
}

/** What the rasterising worker reports. */
export type RasterMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; pageCount: number; heights: number[] }
  | { type: 'error'; code: PdfErrorCode | string; detail: string };
