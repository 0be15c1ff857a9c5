import { documentSchema, type ProjectDocument } from './documentSchema';
import { pageSchema, type Page } from './pageSchema';
import type { Orientation } from './constants';

/** A fresh random id; randomUUID needs a secure context in browsers, so plain http falls back. */
export function makeId(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (c?.randomUUID) return c.randomUUID();
  const hex = () =>
    Math.floor(Math.random() * 0x10000)
      .toString(16)
      .padStart(4, '0');
  return `${hex()}${hex()}-${hex()}-4${hex().slice(1)}-${hex()}-${hex()}${hex()}${hex()}`;
}

/** An empty text-mode page with every default of spec section 3; `init` overrides fields. */
export function newPage(init: Partial<Page> = {}): Page {
  return pageSchema.parse(init);
}

export interface NewDocumentInit {
  uuid?: string;
  userid?: string;
  projectName?: string;
  distinguishability?: Orientation;
}

/** A new project document with spec defaults and one blank page, ready for the editor. */
export function newDocument(init: NewDocumentInit = {}): ProjectDocument {
  return documentSchema.parse({
    uuid: init.uuid ?? makeId(),
    userid: init.userid ?? '',
    projectName: init.projectName ?? '',
    name: init.projectName ?? '',
    distinguishability: init.distinguishability ?? 1,
    ppt: { maxNum: 1, pages: [{ index: 1 }] },
  });
}
