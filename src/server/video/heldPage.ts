import { readFile } from 'node:fs/promises';
import { headLayout, type MotionTimeline } from '../../model/motion';
import { headMoves, pageChanges, stickerStarts, trackChanges } from './changeFrames';
import { holdable, pageFrames } from './layers/heldFrames';
import type { PagePlan, PlannedSticker } from './planTypes';
import { isStillTrack } from './layers/stills';

/** The track scripts a whole-picture page was given, as renderPage wrote them. */
export interface PageTracks {
  still: string;
  /** The head track of a layered rig, or else the mouth and blink tracks. */
  sprites: string[];
  /** A layered rig's head is placed by the motion: its corner moves too. */
  movingHead: boolean;
}

/**
 * The frames where a page drawn as one picture can change (changeFrames.ts), from the tracks
 * written for it, its timed stickers and its head's motion; undefined when the page is drawn on
 * every frame (holdable).
 */
export async function heldFramesOf(
  plan: PagePlan,
  tracks: PageTracks,
  stickers: readonly PlannedSticker[],
  motion: MotionTimeline,
): Promise<number[] | undefined> {
  // The page's stickers as renderPage plans them (with their GIF loops) decide, as in pageArgs.
  if (!holdable({ ...plan, stickers: [...stickers] })) return undefined;
  const { fps } = plan;
  const frames = pageFrames(plan);
  const scripts = [...tracks.sprites];
  if (isStillTrack(tracks.still)) scripts.push(tracks.still);
  const sources = await Promise.all(scripts.map(async (f) => trackChanges(await readFile(f, 'utf8'), fps)));
  const { rig, box } = plan.character;
  if (tracks.movingHead && rig.head) {
    const layout = headLayout({ ...rig, head: rig.head.box, pivot: rig.head.pivot }, box);
    sources.push(headMoves(layout, motion, frames, fps));
  }
  sources.push(stickerStarts(stickers, fps));
  return pageChanges(sources, frames) ?? undefined;
}
