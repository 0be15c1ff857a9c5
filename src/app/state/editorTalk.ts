import { signal } from '@preact/signals-react';
import type { CharacterItem } from '../../api/library.contract';
import type { SpeechTimings } from '../../api/speech.contract';
import { segmentAt, segmentOffsets } from '../../model/project';
import type { MouthCue } from '../../model/speech';
import { resolveServerUrl } from '../config';
import { libraryItems, libraryVersion } from './libraryCache';
import { characters } from './library';

/*
 * What the editor preview needs to make the presenter talk during 试听: the chosen presenter's
 * sprite rig (from the presenter library, which the document refers to by uuid) and the
 * mouth-shape timeline of the audio playing (the timings file beside it).
 */

/** The rig of the document's presenter, once found; null for none (or a presenter without one). */
export const presenterRig = signal<CharacterItem | null>(null);
/** The document's presenter as listed (any kind; own kinds 2 and 3 move without sprites). */
export const presenterItem = signal<CharacterItem | null>(null);
/** A presenter uuid the document names and the library no longer has (deleted): the screens say so. */
export const missingPresenter = signal<string | null>(null);

const rigs = new Map<string, Promise<CharacterItem | null | undefined>>();
/** The library version the remembered rigs were found in (a deletion since makes them stale). */
let rigsVersion = -1;
const timings = new Map<string, Promise<SpeechTimings | null>>();

/** Finds presenter `uuid` in the library (the 数字人 tab's list first, then public and private pages). */
async function findCharacter(uuid: string): Promise<CharacterItem | null> {
  const known = characters.items.peek().find((c) => c.id === uuid);
  if (known) return known;
  for (const isPublic of [1, 2] as const) {
    const hit = (await libraryItems('characters', isPublic, { quiet: true })).find((c) => c.id === uuid);
    if (hit) return hit;
  }
  return null;
}

/** Makes `presenterRig` the rig of presenter `uuid` ('' clears it); failures leave it still. */
export async function loadPresenterRig(uuid: string): Promise<void> {
  if (!uuid) {
    presenterRig.value = null;
    presenterItem.value = null;
    missingPresenter.value = null;
    return;
  }
  if (rigsVersion !== libraryVersion.peek()) {
    rigs.clear();
    rigsVersion = libraryVersion.peek();
  } else if (presenterRig.peek()?.id === uuid) return;
  let found = rigs.get(uuid);
  if (!found) {
    // undefined: the library could not be asked (offline), which says nothing about the presenter.
    found = findCharacter(uuid).catch(() => undefined);
    rigs.set(uuid, found);
  }
  const answer = await found;
  const c = answer ?? null;
  if (!c) rigs.delete(uuid);
  const usable = c && c.rig.body && c.rig.mouths.X && c.width > 0 && c.height > 0 ? c : null;
  presenterItem.value = c;
  presenterRig.value = usable;
  missingPresenter.value = answer === null ? uuid : null;
}

/** The timings file at `path` (words and mouth shapes), or null when there is none. */
export function loadTimings(path: string): Promise<SpeechTimings | null> {
  if (!path) return Promise.resolve(null);
  let known = timings.get(path);
  if (!known) {
    known = fetch(resolveServerUrl(path), { credentials: 'include' })
      .then((r) => (r.ok ? (r.json() as Promise<SpeechTimings>) : null))
      .catch(() => null);
    timings.set(path, known);
    // A failed answer is not kept: the next 试听 asks again.
    void known.then((t) => t === null && timings.delete(path));
  }
  return known;
}

/** The mouth-shape timeline in the timings file at `path` ([] when there is none). */
export async function loadMouthTimeline(path: string): Promise<MouthCue[]> {
  return ((await loadTimings(path))?.mouth ?? []) as MouthCue[];
}

/**
 * While `element` plays a page's whole narration, tells `onSegment` which child segment it is
 * speaking (from the word timings), so stickers and shot framings appear when the render shows
 * them. Follows the audio's timeupdate events, not a frame loop. Returns the stop function.
 */
export function followSegments(
  element: HTMLAudioElement,
  timingsPath: string,
  page: { text: string; segments: readonly string[] },
  onSegment: (at: number) => void,
): () => void {
  const offsets = page.segments.length > 1 ? segmentOffsets(page.text, page.segments) : null;
  if (!offsets) return () => undefined;
  let words: SpeechTimings['words'] = [];
  let stopped = false;
  const update = () => !stopped && onSegment(segmentAt(words, offsets, element.currentTime * 1000));
  void loadTimings(timingsPath).then((t) => {
    words = t?.words ?? [];
    update();
  });
  element.addEventListener('timeupdate', update);
  return () => {
    stopped = true;
    element.removeEventListener('timeupdate', update);
  };
}
