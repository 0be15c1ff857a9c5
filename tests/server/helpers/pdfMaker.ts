import { deflateSync } from 'node:zlib';
import * as mupdf from 'mupdf';

/*
 * PDFs made on the spot for tests of what the server refuses or limits: many pages, odd page
 * shapes, and a "content bomb" (a small deflated stream that inflates to millions of operators).
 */

type Size = { width: number; height: number };

/** A PDF of the given page sizes (points), each page with a filled square so it is not blank. */
export function pdfOfPages(sizes: Size[]): Buffer {
  const doc = new mupdf.PDFDocument();
  for (const { width, height } of sizes) {
    const side = Math.min(width, height) / 2;
    const page = doc.addPage(
      [0, 0, width, height],
      0,
      doc.newDictionary(),
      `0.2 0.4 0.8 rg 0 0 ${side} ${side} re f`,
    );
    doc.insertPage(-1, page);
  }
  return Buffer.from(doc.saveToBuffer('compress').asUint8Array());
}

/** `count` slide-shaped pages (960x540 pt). */
export const pdfOfSlides = (count: number): Buffer =>
  pdfOfPages(Array.from({ length: count }, () => ({ width: 960, height: 540 })));

/**
 * A slide deck whose page `bombAt` (from 1) draws `squares` tiny squares: ~300 KB on disk for 4
 * million squares, many seconds of rasterising.
 */
export function pdfWithContentBomb(pages: number, bombAt: number, squares = 4_000_000): Buffer {
  const doc = new mupdf.PDFDocument();
  for (let n = 1; n <= pages; n++) {
    const page = doc.addPage([0, 0, 960, 540], 0, doc.newDictionary(), '0 0 1 rg 0 0 100 100 re f');
    if (n === bombAt) {
      const ops = Buffer.from('0.5 0.5 0.5 rg 0 0 10 10 re f\n'.repeat(squares));
      const dict = doc.newDictionary();
      dict.put('Filter', doc.newName('FlateDecode'));
      page.put('Contents', doc.addRawStream(deflateSync(ops, { level: 9 }), dict));
    }
    doc.insertPage(-1, page);
  }
  return Buffer.from(doc.saveToBuffer('').asUint8Array());
}
