import { clipStarts } from '../../model/motion';
import type { PagePlan, PlannedSticker } from './planTypes';

/*
 * A page's narration segments rendered apart (issue 15). Every clip lasts whole frames and moves
 * on a clock of its own (model/motion pageMotion.ts), so the frames of one segment depend on that
 * segment alone: each is a plan of its own, with its own page cache key, encoded as its own short
 * MP4 and joined with the others by stream copy. Editing one segment's narration then encodes that
 * segment again and takes the others from the cache, however much its length changed.
 *
 * Only pages whose picture keeps no clock across their segments are split: silent pages (with
 * background music; a page's own AAC would not join by copy without a gap at every segment), with
 * no shot parts (a crossfade runs across a segment join), no page video and no animated GIF (both
 * play on the page clock from the page start), and not a user's moving presenter (a talking loop).
 */

/** A sticker shown since before the segment starts (any time before it keys the same). */
export const SHOWN_BEFORE_MS = -1;

/** Whether the page renders as its segments apart (see above). */
export function splitsIntoSegments(plan: PagePlan): boolean {
  return (
    Boolean(plan.silent) &&
    plan.audio.length > 1 &&
    // A clip of no frame would be a segment of none (an empty MP4 does not join).
    plan.audio.every((a) => a.durationMs >= 1000 / plan.fps) &&
    !plan.parts &&
    !plan.video &&
    !plan.character.own &&
    !(plan.stickers ?? []).some((s) => s.gif && !s.baked)
  );
}

/** The sticker as segment [startMs, endMs) shows it, on the segment's clock; null if it is not there yet. */
function segmentSticker(s: PlannedSticker, startMs: number, endMs: number): PlannedSticker | null {
  if (s.startMs >= endMs) return null;
  return { ...s, startMs: s.startMs < startMs ? SHOWN_BEFORE_MS : s.startMs - startMs };
}

/**
 * The plans a page renders as, in order: its segments when it splits (the last one runs on to the
 * page end), else the page itself.
 */
export function pageSegments(plan: PagePlan): PagePlan[] {
  if (!splitsIntoSegments(plan)) return [plan];
  const starts = clipStarts(plan.audio, plan.fps);
  return plan.audio.map((clip, k) => {
    const last = k === starts.length - 1;
    const startMs = starts[k];
    const endMs = last ? plan.durationMs : starts[k + 1];
    const stickers = (plan.stickers ?? []).flatMap((s) => {
      const shown = segmentSticker(s, startMs, last ? Infinity : endMs);
      return shown ? [shown] : [];
    });
    const { stickers: _page, ...rest } = plan;
    return {
      ...rest,
      durationMs: endMs - startMs,
      audio: [clip],
      segment: (plan.segment ?? 0) + k,
      ...(stickers.length ? { stickers } : {}),
    };
  });
}

/** How many pages have every one of their units (`units`: their segments or themselves) in `done`. */
export function pagesDone(units: readonly PagePlan[], done: ReadonlySet<number>): number {
  const open = new Set(units.flatMap((u, i) => (done.has(i) ? [] : [u.index])));
  return new Set(units.map((u) => u.index)).size - open.size;
}

/** A render's counts of what it encoded (`encoded[i]`: unit i was) and what came from the cache. */
export function encodedCounts(units: readonly PagePlan[], encoded: readonly boolean[]) {
  const pages = new Set(units.map((u) => u.index));
  const touched = new Set(units.flatMap((u, i) => (encoded[i] ? [u.index] : [])));
  const segmentsRendered = encoded.filter(Boolean).length;
  return {
    pagesRendered: touched.size,
    pagesCached: pages.size - touched.size,
    segmentsRendered,
    segmentsCached: units.length - segmentsRendered,
  };
}

/**
 * What a render encodes, one ffmpeg each: each missing unit alone, except a split page whose
 * segments are all missing (a first render, or every page again): that page is encoded whole and
 * cut into its segments' files at `cutFrames` (renderPage's PageOutput), so a full render starts
 * one process, decodes the page's inputs and starts x264 once a page, as before pages were split.
 * `pages[p]`: page p's units (pageSegments), which in order are the render's units.
 */
export interface PageRun {
  plan: PagePlan;
  units: number[];
  /** Where each unit after the first starts, in frames of `plan`; empty for a unit alone. */
  cutFrames: number[];
}

export function pageRuns(
  pages: readonly PagePlan[][],
  plans: readonly PagePlan[],
  missing: readonly number[],
): PageRun[] {
  const open = new Set(missing);
  const runs: PageRun[] = [];
  let first = 0;
  for (const [p, segments] of pages.entries()) {
    const units = segments.map((_, k) => first + k);
    first += segments.length;
    if (segments.length > 1 && units.every((i) => open.has(i))) {
      // Cut where the segments the keys were made from start, so each file is its segment.
      const { fps } = plans[p];
      let atMs = 0;
      const cutFrames = segments.slice(0, -1).map((s) => Math.round(((atMs += s.durationMs) * fps) / 1000));
      runs.push({ plan: plans[p], units, cutFrames });
    } else {
      for (const [k, plan] of segments.entries()) {
        if (open.has(units[k])) runs.push({ plan, units: [units[k]], cutFrames: [] });
      }
    }
  }
  return runs;
}
