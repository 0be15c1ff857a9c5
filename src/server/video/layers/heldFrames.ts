/*
 * A page picture drawn only on the frames where it changes (changeFrames.ts): the background
 * stream keeps those frames (select), every layer is drawn on them alone, and fps repeats each
 * drawn frame until the next one, before the pixel format and the subtitles (which stay per frame).
 */

import type { PagePlan } from '../planTypes';

/**
 * Whether a page can be held at all: drawn as one picture (no shot parts) with nothing that moves
 * on every frame (a page video, an own presenter, an overlaid GIF).
 */
export const holdable = (plan: PagePlan) =>
  !plan.parts && !plan.video && !plan.character.own && !(plan.stickers ?? []).some((s) => !s.baked && s.gif);

/** The frames of a page: its length on the frame grid. */
export const pageFrames = (plan: PagePlan) => Math.ceil((plan.durationMs * plan.fps) / 1000 - 1e-6);

/**
 * select's expression, true on exactly the listed frames (sorted): a binary search on the frame
 * number, so a frame costs a dozen comparisons however many changes the page has.
 */
export function frameSelect(frames: readonly number[]): string {
  if (!frames.length) throw new Error('a held picture needs its first frame');
  const node = (lo: number, hi: number): string => {
    if (hi - lo === 1) return `eq(n,${frames[lo]})`;
    const mid = (lo + hi) >> 1;
    return `if(lt(n,${frames[mid]}),${node(lo, mid)},${node(mid, hi)})`;
  };
  return node(0, frames.length);
}

/** The filter appended to the background chain: only the frames that change go on. */
export const keepChanges = (frames: readonly number[] | undefined) =>
  frames ? `,select='${frameSelect(frames)}'` : '';

/** The filter that fills the frames between changes again, each with the one drawn before it. */
export const holdChanges = (frames: readonly number[] | undefined, fps: number) =>
  frames ? `fps=${fps},` : '';
