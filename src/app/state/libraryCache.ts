import { signal } from '@preact/signals-react';
import type { CharacterItem, PageOf, SceneItem, VoiceItem } from '../../api/library.contract';
import type { CallOptions } from '../../api/client';
import type { Envelope } from '../../api/envelope';
import { studioApi } from '../services/http';

/*
 * The library lists as whole lists, fetched once and shared: the helper tools, the presenter
 * gallery, the editor's presenter lookup and its voice lookup all read them here instead of each
 * keeping a copy. The editor's left tabs page the same endpoints for their scrolling lists
 * (library.ts); this cache is for "every item of this kind". Whatever changes a list (an own
 * presenter made or deleted, a voice trained, a scene uploaded) calls invalidateLibrary.
 */

/** Largest page the list endpoints answer, and how far a whole list is read. */
const PAGE_SIZE = 100;
const MAX_PAGES = 10;

type Lists = {
  characters: CharacterItem;
  scenes: SceneItem;
  voices: VoiceItem;
};
export type LibraryKind = keyof Lists;

const cache = new Map<string, Promise<unknown[]>>();

const fetchers: {
  [K in LibraryKind]: (
    pageIndex: number,
    filter: number,
    o: CallOptions,
  ) => Promise<Envelope<PageOf<Lists[K]>>>;
} = {
  characters: (pageIndex, isPublic, o) =>
    studioApi.listCharacters({ pageIndex, pageSize: PAGE_SIZE, isPublic }, o),
  scenes: (pageIndex, sizeType, o) => studioApi.listScenes({ pageIndex, pageSize: PAGE_SIZE, sizeType }, o),
  voices: (pageIndex, isPublic, o) => studioApi.listVoices({ pageIndex, pageSize: PAGE_SIZE, isPublic }, o),
};

async function readAll<K extends LibraryKind>(
  kind: K,
  filter: number,
  options: CallOptions,
): Promise<Lists[K][]> {
  const all: Lists[K][] = [];
  for (let pageIndex = 1; pageIndex <= MAX_PAGES; pageIndex++) {
    const list = (await fetchers[kind](pageIndex, filter, options)).data?.list ?? [];
    all.push(...list);
    if (list.length < PAGE_SIZE) break;
  }
  return all;
}

/**
 * Every item of one list: presenters or voices by isPublic (1 public, 2 the user's own), scenes by
 * sizeType (1 landscape, 2 portrait). A failed read is not kept, so the next call asks again.
 */
export function libraryItems<K extends LibraryKind>(
  kind: K,
  filter: 1 | 2,
  options: CallOptions = {},
): Promise<Lists[K][]> {
  const key = `${kind}:${filter}`;
  let known = cache.get(key) as Promise<Lists[K][]> | undefined;
  if (!known) {
    known = readAll(kind, filter, options);
    cache.set(key, known);
    known.catch(() => cache.get(key) === known && cache.delete(key));
  }
  return known;
}

/**
 * Counts the times lists were forgotten: a lookup remembered from before (the editor's presenter
 * rig) is asked again after a presenter, voice or scene was deleted or added.
 */
export const libraryVersion = signal(0);

/** Forgets one kind (or every list), so the next read asks the server. */
export function invalidateLibrary(kind?: LibraryKind): void {
  for (const key of [...cache.keys()]) if (!kind || key.startsWith(`${kind}:`)) cache.delete(key);
  libraryVersion.value++;
}
