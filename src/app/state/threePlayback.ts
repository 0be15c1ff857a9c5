import { batch, computed, signal } from '@preact/signals-react';
import {
  clipAt,
  isScaleAt,
  pageIndexAt,
  stickersShownAt,
  type TimelineClip,
} from '../../model/project/projectTimeline';
import { pageCues, type Cue } from '../../model/speech';
import { resolveServerUrl } from '../config';
import { clipWords, threeProject, threeSubtitles, threeTimeline } from './threePreview';

/*
 * The /three player's clock. One project time runs from 0 to the timeline's total: while a clip
 * speaks, the clock follows that clip's <audio> element (so the presenter's mouth and the voice
 * never drift apart, and buffering holds the picture); between clips, in a page's quiet tail
 * (its video runs on) and on pages without audio, it follows the wall clock. A 50 ms interval
 * moves the clock on, switches clips at their ends and preloads the next one; the signals below
 * change only there and in the user's actions, never inside an animation frame.
 */

/** Project time in ms shown on the stage and the scrubber. */
export const positionMs = signal(0);
/** True while the preview plays. */
export const isPlaying = signal(false);
/** The audio path speaking now ('' for none): the presenter lip-syncs to its timings. */
export const activeClipPath = signal('');
/** Bumped on every seek, so the page video jumps to the new time. */
export const seekCount = signal(0);

/** 0-based page on the stage at the current time (-1 without pages). */
export const stagePageAt = computed(() => {
  const timeline = threeTimeline.value;
  return timeline ? pageIndexAt(timeline, positionMs.value) : -1;
});

/** The framing (isScale) on the stage now: the shot tag of the segment being heard. */
export const stageIsScale = computed(() => {
  const page = threeTimeline.value?.pages[stagePageAt.value];
  return page ? isScaleAt(page, positionMs.value) : 1;
});

/** Indexes of the current page's stickers shown now, as a key ('0,2') so the stage re-renders only on change. */
export const stageStickers = computed(() => {
  const page = threeTimeline.value?.pages[stagePageAt.value];
  return page ? stickersShownAt(page, positionMs.value).join(',') : '';
});

// The cues of one page, computed once per timeline (the clock asks 20 times a second).
const cueCache = new WeakMap<object, Map<number, Cue[]>>();

function cuesOf(pageAt: number): Cue[] {
  const timeline = threeTimeline.value;
  const doc = threeProject.value?.doc;
  const page = timeline?.pages[pageAt];
  if (!timeline || !doc || !page || page.silent) return [];
  let byPage = cueCache.get(timeline);
  if (!byPage) cueCache.set(timeline, (byPage = new Map()));
  let cues = byPage.get(pageAt);
  if (!cues) {
    const words = clipWords.value;
    const source = doc.ppt.pages[pageAt];
    // The same lines and times as the render's burned-in subtitles (src/model/speech/subtitleCues.ts).
    cues = pageCues(
      page.clips.map((c) => ({
        text: c.segment >= 0 ? (source?.childList[c.segment]?.ttsText ?? '') : (source?.text ?? ''),
        durationMs: c.endMs - c.startMs,
        words: words[c.path] ?? [],
      })),
    );
    byPage.set(pageAt, cues);
  }
  return cues;
}

/** The subtitle line on the stage now ('' for none, or when subtitles are off). */
export const stageCue = computed(() => {
  if (!threeSubtitles.value) return '';
  const at = stagePageAt.value;
  const page = threeTimeline.value?.pages[at];
  if (!page) return '';
  const ms = positionMs.value - (page.clips[0]?.startMs ?? page.startMs);
  return cuesOf(at).find((c) => ms >= c.startMs && ms < c.endMs)?.text ?? '';
});

const TICK_MS = 50;

let anchor = { pos: 0, wall: 0 };
let timer: ReturnType<typeof setInterval> | null = null;
let current: { key: string; clip: TimelineClip; el: HTMLAudioElement } | null = null;
let preloaded: { path: string; el: HTMLAudioElement } | null = null;

const keyOf = (c: TimelineClip) => `${c.startMs}|${c.path}`;
const wallNow = () => performance.now();

function clockNow(): number {
  return isPlaying.peek() ? anchor.pos + (wallNow() - anchor.wall) : anchor.pos;
}

/** Position in the speaking clip in ms (the lip-sync clock), -1 when no voice is heard. */
export function clipClockMs(): number {
  const el = current?.el;
  return el && !el.paused && !el.ended ? el.currentTime * 1000 : -1;
}

function stopClip(): void {
  current?.el.pause();
  current = null;
}

function audioFor(path: string): HTMLAudioElement {
  if (preloaded?.path === path) {
    const { el } = preloaded;
    preloaded = null;
    return el;
  }
  const el = new Audio(resolveServerUrl(path));
  el.preload = 'auto';
  return el;
}

// Starts `clip` `offsetMs` in, and loads the next clip that has audio so it starts without a gap.
function startClip(clip: TimelineClip, offsetMs: number): void {
  stopClip();
  const el = audioFor(clip.path);
  el.currentTime = Math.max(0, offsetMs) / 1000;
  current = { key: keyOf(clip), clip, el };
  el.play().catch(() => undefined);
  const next = threeTimeline
    .peek()
    ?.pages.flatMap((p) => p.clips)
    .find((c) => c.startMs >= clip.endMs && c.path);
  if (next && next.path !== preloaded?.path && next.path !== clip.path) {
    const ahead = new Audio(resolveServerUrl(next.path));
    ahead.preload = 'auto';
    ahead.load();
    preloaded = { path: next.path, el: ahead };
  }
}

function tick(): void {
  const timeline = threeTimeline.peek();
  if (!timeline) return pause();
  let pos = clockNow();
  // While the voice plays, its own position is the clock.
  const el = current?.el;
  if (current && el && !el.paused && !el.ended && !el.error) {
    pos = Math.min(current.clip.endMs, current.clip.startMs + el.currentTime * 1000);
    anchor = { pos, wall: wallNow() };
  }
  if (pos >= timeline.totalMs) {
    stopClip();
    anchor = { pos: timeline.totalMs, wall: wallNow() };
    batch(() => {
      positionMs.value = timeline.totalMs;
      activeClipPath.value = '';
    });
    return pause();
  }
  const page = timeline.pages[pageIndexAt(timeline, pos)];
  const clip = page ? clipAt(page, pos) : null;
  const wanted = clip && clip.path ? clip : null;
  if ((current?.key ?? '') !== (wanted ? keyOf(wanted) : '')) {
    if (wanted) startClip(wanted, pos - wanted.startMs);
    else stopClip();
  }
  batch(() => {
    positionMs.value = pos;
    activeClipPath.value = wanted?.path ?? '';
  });
}

/** Plays from the current position (from the start again when at the end). */
export function play(): void {
  const timeline = threeTimeline.peek();
  if (!timeline || timeline.totalMs <= 0 || isPlaying.peek()) return;
  if (anchor.pos >= timeline.totalMs) seek(0);
  anchor = { pos: anchor.pos, wall: wallNow() };
  isPlaying.value = true;
  tick();
  timer = setInterval(tick, TICK_MS);
}

/** Pauses where it is. */
export function pause(): void {
  if (timer !== null) clearInterval(timer);
  timer = null;
  const pos = clockNow();
  anchor = { pos, wall: wallNow() };
  stopClip();
  batch(() => {
    isPlaying.value = false;
    positionMs.value = pos;
    activeClipPath.value = '';
  });
}

/** Space and the play button. */
export function togglePlay(): void {
  if (isPlaying.peek()) pause();
  else play();
}

/** Jumps to project time `ms` (clamped), playing on from there if playing. */
export function seek(ms: number): void {
  const total = threeTimeline.peek()?.totalMs ?? 0;
  const pos = Math.max(0, Math.min(total, Number.isFinite(ms) ? ms : 0));
  anchor = { pos, wall: wallNow() };
  stopClip();
  batch(() => {
    positionMs.value = pos;
    activeClipPath.value = '';
    seekCount.value++;
  });
  if (isPlaying.peek()) tick();
}

/** Stops and rewinds (another project, leaving the screen). */
export function resetPlayback(): void {
  pause();
  preloaded = null;
  anchor = { pos: 0, wall: wallNow() };
  batch(() => {
    positionMs.value = 0;
    seekCount.value++;
  });
}
