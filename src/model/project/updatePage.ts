import type { ProjectDocument } from './documentSchema';
import type { Page } from './pageSchema';
import { err, ok, type Result } from './result';
import { messages } from './messages';

/** The document with `pages` in place of its pages; the caller has already renumbered them. */
export function withPages(doc: ProjectDocument, pages: Page[]): ProjectDocument {
  return { ...doc, ppt: { ...doc.ppt, pages, maxNum: pages.length } };
}

/** Replaces the page at 0-based position `at` with `change(page)`, or refuses when there is none. */
export function updatePage(
  doc: ProjectDocument,
  at: number,
  change: (page: Page) => Result<Page>,
): Result<ProjectDocument> {
  const page = doc.ppt.pages[at];
  if (!Number.isInteger(at) || !page) return err(messages.noSuchPage);
  const next = change(page);
  if (!next.ok) return next;
  const pages = doc.ppt.pages.slice();
  pages[at] = next.value;
  return ok(withPages(doc, pages), next.message);
}
