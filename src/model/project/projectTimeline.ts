import type { ProjectDocument } from './documentSchema';
import type { Page } from './pageSchema';
import { SCALE_NORMAL, SOUND_MUTED } from './constants';
import { estimateSeconds } from './narrationRules';
import { hasVideo } from './pageVideo';
import { clipLengthMs, stickerStartMs } from '../motion/pageMotion';

/*
 * The whole project on one clock, for the /three preview: when each page starts and ends, which
 * audio clip speaks when (with its shot tag), and when each sticker appears. It follows the render
 * (src/server/video/renderPlan.ts) rule for rule, so the preview shows what the video will:
 *
 *   - a page speaks its child segments' audio one after another when they have audio, else its
 *     whole-page audio, each clip lasting whole frames (its sound padded with silence);
 *   - a page lasts as long as that narration, or as its video when the video is longer, rounded up
 *     to whole frames of the 25 fps render;
 *   - a sticker at 1-based child `position` appears when the segments before it have been spoken
 *     (the page start for 0 or 1), on the nearest frame, and stays until the page ends.
 *
 * A page without audio yet (never synthesised, or a private voice still working) is timed by the
 * 0.14 s/char estimate of its segments and marked `silent`, so the preview can say so. A page whose
 * segments have audio only in part (text edited after a synthesis) keeps every segment: those
 * without audio are estimated and quiet, and the page is marked `partial`, since the render makes
 * their speech before it renders and shows them all.
 */

/** Frame rate of the render; page lengths are whole frames of it. */
export const TIMELINE_FPS = 25;

/** One narration clip on the project clock. */
export interface TimelineClip {
  /** Audio path, '' for the estimated stretch of a page without audio. */
  path: string;
  startMs: number;
  endMs: number;
  /** Shot tag of the segment (1 normal, 2 PPT全屏, 3 人物全身, 4 人物半身). */
  isScale: number;
  /** 0-based child segment, or -1 for a page spoken in one piece. */
  segment: number;
}

/** A sticker or GIF of a page and the project time it appears at. */
export interface TimelineSticker {
  /** Index into the page's textureList. */
  texture: number;
  startMs: number;
}

/** One page on the project clock. */
export interface TimelinePage {
  /** 0-based page position. */
  at: number;
  startMs: number;
  endMs: number;
  clips: TimelineClip[];
  stickers: TimelineSticker[];
  /** The page has no narration audio yet: its clips are estimates and nothing is heard. */
  silent: boolean;
  /** Some of the page's segments have audio and some not yet: those clips are estimates, quiet. */
  partial: boolean;
  /** The page video, played from the page start and held on its last frame. */
  video: { path: string; muted: boolean } | null;
}

/** The project on one clock. */
export interface ProjectTimeline {
  pages: TimelinePage[];
  totalMs: number;
}

/** Known lengths of media files in ms (from their timings or metadata); undefined while unknown. */
export interface MediaLengths {
  audioMs(path: string): number | undefined;
  videoMs(path: string): number | undefined;
}

/** A narration clip path is a stored file ('/...'); anything else is a task id or nothing. */
export const isAudioPath = (tts: string): boolean => tts.startsWith('/');

/** What a page speaks, in order: its segments with audio, else its whole-page audio, else nothing. */
export function pageClips(page: Page): { path: string; isScale: number; segment: number }[] {
  const segments = page.childList
    .map((c, i) => ({ path: c.tts, isScale: c.isScale, segment: i }))
    .filter((c) => isAudioPath(c.path));
  if (segments.length) return segments;
  return isAudioPath(page.tts) ? [{ path: page.tts, isScale: SCALE_NORMAL, segment: -1 }] : [];
}

/** Every audio file the project plays, once each (what the player loads lengths and timings of). */
export function timelineAudioPaths(doc: ProjectDocument): string[] {
  return [...new Set(doc.ppt.pages.flatMap((p) => pageClips(p).map((c) => c.path)))];
}

/** Rounds up to whole render frames, so the preview's pages end where the video's do. */
export function frameAlignedMs(ms: number, fps = TIMELINE_FPS): number {
  return Math.ceil(Math.round(((ms * fps) / 1000) * 1e6) / 1e6) * (1000 / fps);
}

type SizedClip = { path: string; isScale: number; segment: number; ms: number };

// Each segment with its audio's length, or at the 0.14 s/char estimate ('' path: nothing heard)
// while it has none; a page without segments is its text, estimated.
function segmentClips(page: Page, lengths: MediaLengths): SizedClip[] {
  if (page.childList.length)
    return page.childList.map((c, i) =>
      isAudioPath(c.tts)
        ? { path: c.tts, isScale: c.isScale, segment: i, ms: Math.max(0, lengths.audioMs(c.tts) ?? 0) }
        : { path: '', isScale: c.isScale, segment: i, ms: estimateSeconds(c.ttsText) * 1000 },
    );
  return [{ path: '', isScale: SCALE_NORMAL, segment: -1, ms: estimateSeconds(page.text) * 1000 }];
}

// What the page plays on the clock: its whole-page audio when that is what it speaks (pageClips),
// else each of its segments, those without audio estimated.
function sizedClips(page: Page, lengths: MediaLengths): SizedClip[] {
  const [first] = pageClips(page);
  if (first?.segment === -1) return [{ ...first, ms: Math.max(0, lengths.audioMs(first.path) ?? 0) }];
  return segmentClips(page, lengths);
}

/** Lays the document's pages end to end on one clock (see the rules above). */
export function projectTimeline(doc: ProjectDocument, lengths: MediaLengths): ProjectTimeline {
  let at = 0;
  const pages = doc.ppt.pages.map((page, i): TimelinePage => {
    const sized = sizedClips(page, lengths);
    const heard = sized.filter((c) => c.path).length;
    const silent = heard === 0;
    const partial = !silent && heard < sized.length;
    let cursor = at;
    const clips = sized.map(({ ms, ...c }) => {
      const clip = { ...c, startMs: cursor, endMs: cursor + clipLengthMs(ms, TIMELINE_FPS) };
      cursor = clip.endMs;
      return clip;
    });
    const spokenMs = cursor - at;
    const video = hasVideo(page) ? { path: page.video, muted: page.isSound === SOUND_MUTED } : null;
    const videoMs = video ? (lengths.videoMs(video.path) ?? 0) : 0;
    const durationMs = frameAlignedMs(Math.max(spokenMs, videoMs));
    const startMs = at;
    const endMs = at + durationMs;
    // The render's rule (stickerStartMs): after the clips before the sticker's segment, on a frame.
    const spoken = sized.map((c) => ({ durationMs: c.ms }));
    const stickers = page.textureList.map((t, texture) => ({
      texture,
      startMs: startMs + stickerStartMs(t.position, spoken, durationMs, TIMELINE_FPS),
    }));
    at = endMs;
    return { at: i, startMs, endMs, clips, stickers, silent, partial, video };
  });
  return { pages, totalMs: at };
}

/** 0-based page playing at `ms` (the last page at or after the end; -1 for a project without pages). */
export function pageIndexAt(timeline: ProjectTimeline, ms: number): number {
  const { pages } = timeline;
  if (!pages.length) return -1;
  const hit = pages.findIndex((p) => ms < p.endMs);
  return hit < 0 ? pages.length - 1 : hit;
}

/** The clip speaking at `ms` on page `page`, or null in the page's quiet tail (its video runs on). */
export function clipAt(page: TimelinePage, ms: number): TimelineClip | null {
  return page.clips.find((c) => ms >= c.startMs && ms < c.endMs) ?? null;
}

/**
 * The shot tag shown at `ms` on a page: the clip's; in the quiet tail after the narration the last
 * clip's framing holds, as the render's last part runs to the page end.
 */
export function isScaleAt(page: TimelinePage, ms: number): number {
  const clip = clipAt(page, ms);
  if (clip) return clip.isScale;
  const last = page.clips.filter((c) => c.endMs > c.startMs).at(-1);
  return last && ms >= last.endMs ? last.isScale : (page.clips[0]?.isScale ?? SCALE_NORMAL);
}

/** Indexes of the page's textures shown at `ms` (appeared at or before it). */
export function stickersShownAt(page: TimelinePage, ms: number): number[] {
  return page.stickers.filter((s) => s.startMs <= ms).map((s) => s.texture);
}

/** mm:ss of a time in ms (rounded down to the second), for the scrubber labels. */
export function formatClock(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
