import { looksLikePdf } from '../../../model/fileSignature';
/**
 * Opening a PDF with mupdf and classifying what is wrong with it. Shared by inspectPdf (main thread)
 * and the rasterising worker.
 */
import { readFile } from 'node:fs/promises';
import { PdfError } from './pdf.errors';

type Mupdf = typeof import('mupdf');
type MupdfDocument = ReturnType<Mupdf['Document']['openDocument']>;

/** Where mupdf's warnings go while a document is opened (it prints them to stderr otherwise). */
const warnings: string[] = [];
const logInstalled = new WeakSet<object>();

function collectWarnings(mupdf: Mupdf): void {
  if (logInstalled.has(mupdf)) return;
  logInstalled.add(mupdf);
  mupdf.setLog((message: string) => {
    warnings.push(message);
    if (warnings.length > 20) warnings.shift();
  });
}

/**
 * Opens a PDF that has at least one page and needs no password. Throws {@link PdfError}:
 * not_pdf (no PDF header), corrupt (mupdf cannot parse it or a page), encrypted (needs a user
 * password), empty (0 pages). The caller destroys the returned document.
 */
export async function openCheckedPdf(mupdf: Mupdf, path: string): Promise<MupdfDocument> {
  collectWarnings(mupdf);
  const bytes = await readFile(path);
  if (!looksLikePdf(bytes)) throw new PdfError('not_pdf', 'no %PDF- header in the first 1024 bytes');
  warnings.length = 0;
  let doc: MupdfDocument;
  try {
    doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  } catch (err) {
    throw new PdfError('corrupt', [String((err as Error).message ?? err), ...warnings].join('; '));
  }
  try {
    if (doc.needsPassword()) throw new PdfError('encrypted', doc.getMetaData('encryption') ?? '');
    let pages: number;
    try {
      pages = doc.countPages();
    } catch (err) {
      throw new PdfError('corrupt', [String((err as Error).message ?? err), ...warnings].join('; '));
    }
    if (pages === 0) throw new PdfError('empty', warnings.join('; '));
    return doc;
  } catch (err) {
    doc.destroy();
    throw err;
  }
}
