/*
 * The presenter's blinks, one pattern for the stage and the render: eyes closed for four frames
 * roughly every 3 to 5.5 s, from a sequence seeded by the page number, so the same page always
 * blinks on the same frames (the render's page cache relies on it, and the stage shows what the
 * video shows). Blinks start on frame boundaries and last whole frames, and the stage looks them up
 * at the start of the frame it shows, so neither side can round a blink onto a neighbouring frame.
 */

/** Frames per second the blink pattern is aligned to (the render's frame rate). */
export const BLINK_FPS = 25;

/** How long the eyes stay closed in one blink: four frames. */
export const BLINK_MS = 160;

/** Start times (ms into the page) of the blinks of a page `durationMs` long; `seed` is the 1-based page number. */
export function blinkTimes(durationMs: number, seed: number): number[] {
  const frameMs = 1000 / BLINK_FPS;
  const times: number[] = [];
  let state = (seed * 2654435761) >>> 0 || 1;
  let t = 1200;
  while (t < durationMs - 300) {
    times.push(Math.round(t / frameMs) * frameMs);
    state = (state * 1103515245 + 12345) >>> 0;
    t += 3000 + (state % 2500);
  }
  return times;
}

/** The start of the frame shown `ms` into the page, at the blink frame rate. */
export function frameStartMs(ms: number, fps = BLINK_FPS): number {
  return (Math.floor((ms * fps) / 1000 + 1e-6) * 1000) / fps;
}

/** True while the eyes are closed on the frame shown `ms` into the page, for blinks from {@link blinkTimes}. */
export function eyesClosedAt(blinks: readonly number[], ms: number): boolean {
  const at = frameStartMs(ms);
  for (const start of blinks) {
    if (start > at + 1e-6) return false;
    if (at < start + BLINK_MS - 1e-6) return true;
  }
  return false;
}
