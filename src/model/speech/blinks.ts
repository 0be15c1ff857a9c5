/*
 * The presenter's blinks, one pattern for the stage and the render: eyes closed for 150 ms roughly
 * every 3 to 5.5 s, from a sequence seeded by the page number, so the same page always blinks on
 * the same frames (the render's page cache relies on it, and the stage shows what the video shows).
 */

/** How long the eyes stay closed in one blink. */
export const BLINK_MS = 150;

/** Start times (ms into the page) of the blinks of a page `durationMs` long; `seed` is the 1-based page number. */
export function blinkTimes(durationMs: number, seed: number): number[] {
  const times: number[] = [];
  let state = (seed * 2654435761) >>> 0 || 1;
  let t = 1200;
  while (t < durationMs - 300) {
    times.push(t);
    state = (state * 1103515245 + 12345) >>> 0;
    t += 3000 + (state % 2500);
  }
  return times;
}

/** True while the eyes are closed `ms` into the page, for blinks from {@link blinkTimes}. */
export function eyesClosedAt(blinks: readonly number[], ms: number): boolean {
  for (const at of blinks) {
    if (at > ms) return false;
    if (ms < at + BLINK_MS) return true;
  }
  return false;
}
