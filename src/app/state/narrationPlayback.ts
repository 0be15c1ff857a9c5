import { batch, signal } from '@preact/signals-react';
import { resolveServerUrl } from '../config';
import { followSegments } from './editorTalk';

/*
 * The narration audio of 试听: one page file, or a page's segment files one after another as the
 * render joins them, with `heardSegment` telling the preview which segment is being heard.
 */

/** 0-based segment being heard while 试听 plays a page's segment audio in order, else null. */
export const heardSegment = signal<number | null>(null);

/** The narration audio playing now (the stage may follow it), or null. */
export const playing = signal<{ path: string; timingsPath: string } | null>(null);

let audio: HTMLAudioElement | null = null;
// Stops following the segments of a whole-page narration (see followSegments).
let unfollow: (() => void) | null = null;

/** Stops the narration audio, if any. */
export function stopPlaying(): void {
  audio?.pause();
  audio = null;
  unfollow?.();
  unfollow = null;
  batch(() => {
    playing.value = null;
    heardSegment.value = null;
  });
}

/** Where the server keeps the timings of a narration audio file: beside it, as .json. */
export function timingsBeside(path: string): string {
  return path.startsWith('/files/') ? path.replace(/\.[a-z0-9]+(\?.*)?$/i, '.json') : '';
}

/** Position of the narration audio playing now in ms (the presenter's lip-sync clock), -1 if none. */
export function playbackMs(): number {
  return audio && !audio.paused ? audio.currentTime * 1000 : -1;
}

/** What a saved page speaks in one piece: its text and segments, which 试听 follows. */
export function spokenPage(p: { text: string; childList: { ttsText: string }[] }) {
  return { text: p.text, segments: p.childList.map((c) => c.ttsText) };
}

/** Plays one narration file; with `spoken`, the preview follows its segments as they are heard. */
export function play(path: string, timingsPath = '', spoken?: ReturnType<typeof spokenPage>): void {
  stopPlaying();
  const element = new Audio(resolveServerUrl(path));
  audio = element;
  const timings = timingsPath || timingsBeside(path);
  playing.value = { path, timingsPath: timings };
  // The preview shows each segment's stickers and shot as its words are heard.
  if (spoken)
    unfollow = followSegments(element, timings, spoken, (at) => {
      if (audio === element && heardSegment.peek() !== at) heardSegment.value = at;
    });
  const done = () => {
    if (audio === element) stopPlaying();
  };
  element.addEventListener('ended', done);
  element.addEventListener('error', done);
  element.play().catch(done);
}

/**
 * Plays a saved page's segment audio one after another, as the render joins it, with the preview
 * following the segment being heard (its shot tag). The segments' files share one `playing` entry.
 */
export function playSegments(paths: string[]): void {
  stopPlaying();
  const next = (i: number) => {
    if (i >= paths.length) return stopPlaying();
    const element = new Audio(resolveServerUrl(paths[i]));
    audio = element;
    batch(() => {
      playing.value = { path: paths[i], timingsPath: timingsBeside(paths[i]) };
      heardSegment.value = i;
    });
    element.addEventListener('ended', () => {
      if (audio === element) next(i + 1);
    });
    element.addEventListener('error', () => {
      if (audio === element) stopPlaying();
    });
    element.play().catch(() => {
      if (audio === element) stopPlaying();
    });
  };
  next(0);
}
