/*
 * Pure rules of reading a PDF in the browser before it is uploaded: the same refusals (and the same
 * Chinese messages) as the server's mupdf check in src/server/adapters/media/pdf.errors.ts, so a
 * broken file is refused before a byte is sent. tests/unit/workers/pdfCheck.test.ts keeps the two
 * message tables equal.
 */

/** Why a PDF cannot be used as slides (the server's PdfErrorCode). */
export type PdfProblem = 'not_pdf' | 'corrupt' | 'encrypted' | 'empty';

/** The server's user-facing message for each {@link PdfProblem}. */
export const PDF_PROBLEM_MESSAGES: Readonly<Record<PdfProblem, string>> = {
  not_pdf: '文件不是有效的PDF',
  corrupt: 'PDF文件已损坏，无法读取',
  encrypted: 'PDF文件已加密，请移除密码后重新上传',
  empty: 'PDF文件没有页面',
};

/** CSS width of a thumbnail in the dialog's strip; drawn at twice that for sharp HiDPI screens. */
export const THUMB_CSS_WIDTH = 96;
export const THUMB_PIXEL_WIDTH = THUMB_CSS_WIDTH * 2;
/** Thumbnails drawn for a chosen file: enough to recognise the deck without rendering all of it. */
export const MAX_THUMBS = 12;

/**
 * The problem a pdf.js error stands for, or null when the error says nothing about the file (a
 * browser limitation, say): then the upload goes ahead and the server decides. pdf.js rebuilds its
 * errors across its worker boundary, so they are recognised by name, not by class.
 */
export function problemOfPdfjsError(error: unknown): PdfProblem | null {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : '';
  if (name === 'PasswordException') return 'encrypted';
  if (name === 'InvalidPDFException' || name === 'FormatError') return 'corrupt';
  return null;
}

/** Pixel size of a page drawn `width` pixels wide, keeping its aspect (at least 1x1). */
export function thumbSize(pageWidth: number, pageHeight: number, width = THUMB_PIXEL_WIDTH) {
  const scale = width / Math.max(1, pageWidth);
  return {
    scale,
    width: Math.max(1, Math.round(pageWidth * scale)),
    height: Math.max(1, Math.round(pageHeight * scale)),
  };
}

/** Page numbers (1-based) that get a thumbnail: the first {@link MAX_THUMBS}. */
export function thumbPages(pageCount: number, max = MAX_THUMBS): number[] {
  return Array.from({ length: Math.max(0, Math.min(pageCount, max)) }, (_, i) => i + 1);
}
