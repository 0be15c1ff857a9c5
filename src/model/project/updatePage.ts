import type { ProjectDocument } from './documentSchema';
import type { Page } from './pageSchema';
import { err, ok, type Result } from './result';
import { messages } from './messages';
import { sameData } from './sameData';

/** The document with `pages` in place of its pages; the caller has already renumbered them. */
export function withPages(doc: ProjectDocument, pages: Page[]): ProjectDocument {
  return { ...doc, ppt: { ...doc.ppt, pages, maxNum: pages.length } };
}

/**
 * Replaces the page at 0-based position `at` with `change(page)`, or refuses when there is none;
 * returns `doc` itself when the page comes back with the same data.
 */
export function updatePage(
  doc: ProjectDocument,
  at: number,
  change: (page: Page) => Result<Page>,
): Result<ProjectDocument> {
  const page = doc.ppt.pages[at];
  if (!Number.isInteger(at) || !page) return err(messages.noSuchPage);
  const next = change(page);
  if (!next.ok) return next;
  // Nothing changed: the same document, which the editor takes as no change and no undo step.
  if (sameData(next.value, page)) return ok(doc, next.message);
  const pages = doc.ppt.pages.slice();
  pages[at] = next.value;
  return ok(withPages(doc, pages), next.message);
}
