import { BLINK_MS } from '../speech/blinks';
import type { Clause } from './emphasis';

/*
 * When the presenter lifts the eyebrows: as a speaker does when starting a new point (the page's
 * first words and the words after a long pause) and on a stressed syllable. Short, a few per page
 * (one at most every BROW_GAP_MS), never overlapping a blink (a lift is an eyes-open picture).
 * Lifts start on frame boundaries and last whole frames, as blinks do, so the stage and the
 * render show them on the same frames.
 */

/** How long the brows stay up: twelve frames at 25 fps. */
export const BROW_MS = 480;
/** At most one lift in this long. */
export const BROW_GAP_MS = 3500;
/** A pause at least this long before speech starts a new point. */
export const NEW_POINT_PAUSE_MS = 400;
/** The brows go up this much before the words they mark. */
export const BROW_LEAD_MS = 80;

/** Lift start times (ms, frame boundaries) for the page's clauses and blinks. */
export function browLifts(
  clauses: readonly Clause[],
  blinks: readonly number[],
  durationMs: number,
  fps: number,
): number[] {
  const frameMs = 1000 / fps;
  const candidates: number[] = [];
  clauses.forEach((clause, i) => {
    const pause = i === 0 ? Infinity : clause.startMs - clauses[i - 1].endMs;
    if (pause >= NEW_POINT_PAUSE_MS) candidates.push(clause.startMs - BROW_LEAD_MS);
    else if (clause.stressMs !== null) candidates.push(clause.stressMs - BROW_LEAD_MS);
  });
  const lifts: number[] = [];
  for (const at of candidates) {
    const start = Math.max(0, Math.round(at / frameMs) * frameMs);
    if (start + BROW_MS > durationMs) continue;
    if (lifts.length > 0 && start - lifts[lifts.length - 1] < BROW_GAP_MS) continue;
    if (blinks.some((b) => b < start + BROW_MS && start < b + BLINK_MS)) continue;
    lifts.push(start);
  }
  return lifts;
}
