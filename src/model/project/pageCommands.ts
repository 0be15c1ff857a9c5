import type { ProjectDocument } from './documentSchema';
import type { Page } from './pageSchema';
import { err, ok, type Result } from './result';
import { messages } from './messages';
import { newPage } from './newDocument';
import { withPages } from './updatePage';
import { hasVideo } from './pageVideo';
import { textToNarrationHtml } from './narrationMarkers';
import { docCommand } from './docCommand';

/*
 * Page-strip commands (spec 4 "Pages"). Pages are addressed by their 0-based position `at`; the
 * page's own `index` is the 1-based number the strip shows, and every command renumbers.
 */

/** What the editor knows about the chosen PDF (userPpt/info plus the page count). */
export interface PdfInfo {
  name: string;
  uuidStr: string;
  basePath: string;
  pageCount: number;
}

/** Suffix that marks a duplicated page in the strip. It goes on the page name, never the narration,
 * because the narration is spoken and counts towards the 300 characters. */
export const COPY_SUFFIX = ' (副本)';

/** Pages with indexes 1..n and child segments 1..m, whatever order they arrived in. */
export function renumber(pages: readonly Page[]): Page[] {
  return pages.map((page, i) => ({
    ...page,
    index: i + 1,
    childList: page.childList.map((child, j) => ({ ...child, index: j + 1 })),
  }));
}

/** The document with indexes and ppt.maxNum renumbered (used after loading and by every command). */
export function renumberDocument(doc: ProjectDocument): ProjectDocument {
  return withPages(doc, renumber(doc.ppt.pages));
}

/** Joins path parts with exactly one '/' between them, keeping a leading '/' of the first part. */
export function joinPath(...parts: string[]): string {
  return parts
    .filter((p) => p !== '')
    .map((p, i) => (i === 0 ? p.replace(/\/+$/, '') : p.replace(/^\/+|\/+$/g, '')))
    .join('/');
}

/** Image of PDF page n (1-based): base path + id string + images/{n}.png (spec 4). */
export function pdfPageImage(pdf: Pick<PdfInfo, 'basePath' | 'uuidStr'>, n: number): string {
  return joinPath(pdf.basePath, pdf.uuidStr, 'images', `${n}.png`);
}

/** Replaces all pages with one per PDF page, each with the placeholder narration and its image. */
export const pagesFromPdf = docCommand({
  name: 'pagesFromPdf',
  createsPage: true,
  perform(doc: ProjectDocument, pdf: PdfInfo): Result<ProjectDocument> {
    const count = Math.max(0, Math.floor(pdf.pageCount));
    if (count < 1) return err(messages.noPages);
    const pages = Array.from({ length: count }, (_, i) => {
      const img = pdfPageImage(pdf, i + 1);
      return newPage({
        img,
        icon: img,
        text: messages.pdfPlaceholder,
        textdome: textToNarrationHtml(messages.pdfPlaceholder),
      });
    });
    const next = withPages(doc, renumber(pages));
    return ok({ ...next, ppt: { ...next.ppt, uuid: pdf.uuidStr, name: pdf.name } });
  },
});

/** The 无需PDF path: the project has no PDF; existing narration stays, slide images go. */
export const pagesWithoutPdf = docCommand({
  name: 'pagesWithoutPdf',
  createsPage: true,
  perform(doc: ProjectDocument): Result<ProjectDocument> {
    const kept = doc.ppt.pages.map((page) => ({ ...page, img: '', icon: '' }));
    const pages = renumber(kept.length > 0 ? kept : [newPage()]);
    const next = withPages(doc, pages);
    return ok({ ...next, ppt: { ...next.ppt, uuid: '', name: '' } });
  },
});

/** Appends an empty page. */
export const addPage = docCommand({
  name: 'addPage',
  createsPage: true,
  showsPage: (before) => before.ppt.pages.length,
  perform(doc: ProjectDocument): Result<ProjectDocument> {
    return ok(withPages(doc, renumber([...doc.ppt.pages, newPage()])));
  },
});

/** Inserts a copy of page `at` right after it; refused when the page has a video (spec 5). */
export const duplicatePage = docCommand({
  name: 'duplicatePage',
  showsPage: (_before: ProjectDocument, at: number) => at + 1,
  perform(doc: ProjectDocument, at: number): Result<ProjectDocument> {
    const page = doc.ppt.pages[at];
    if (!page) return err(messages.noSuchPage);
    if (hasVideo(page)) return err(messages.cannotCopyVideoPage);
    const copy: Page = structuredCopy(page);
    copy.name = `${page.name || `第${page.index}页`}${COPY_SUFFIX}`;
    const pages = [...doc.ppt.pages.slice(0, at + 1), copy, ...doc.ppt.pages.slice(at + 1)];
    return ok(withPages(doc, renumber(pages)));
  },
});

/** Removes page `at`; the last page stays because an editor without pages has nothing to show. */
export const deletePage = docCommand({
  name: 'deletePage',
  perform(doc: ProjectDocument, at: number): Result<ProjectDocument> {
    if (!doc.ppt.pages[at]) return err(messages.noSuchPage);
    if (doc.ppt.pages.length <= 1) return err(messages.lastPage);
    return ok(withPages(doc, renumber(doc.ppt.pages.filter((_, i) => i !== at))));
  },
});

/** Moves page `from` to position `to` (drag in the page strip). */
export const movePage = docCommand({
  name: 'movePage',
  perform(doc: ProjectDocument, from: number, to: number): Result<ProjectDocument> {
    const pages = doc.ppt.pages.slice();
    if (!pages[from] || to < 0 || to >= pages.length) return err(messages.noSuchPage);
    const [page] = pages.splice(from, 1);
    pages.splice(to, 0, page);
    return ok(withPages(doc, renumber(pages)));
  },
});

// A page is plain JSON data, so a JSON round trip is a faithful deep copy without DOM or Node APIs.
function structuredCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
