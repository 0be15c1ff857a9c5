import type { Pause } from './alignFeatures';
import { FRAME_MS } from './alignFeatures';
import type { WarpPath } from './alignDtw';
import type { WordSpan } from './alignMap';

/**
 * How unlike its script a recording is, read from the warping path. Where the recording says the
 * script's words, the path runs close to the diagonal: a word may be a little faster or slower,
 * but one frame of the reference keeps meeting a frame or two of the recording. A script of
 * another text still gets a path (a warp can pair any sounds), but one that stalls: long stretches
 * where one reference frame absorbs many recording frames or the other way round. The measure is
 * the share of the path's speech steps (the reference inside a word, the recording not in a
 * pause) that lie in such a stall of at least STALL_FRAMES. Pauses are left out because the
 * recording may pause where the reference does not.
 */

/** A stall this long (frames of 10 ms) is more than a word spoken slower or faster. */
const STALL_FRAMES = 10;

const inside = (ms: number, ranges: readonly { startMs: number; endMs: number }[]) =>
  ranges.some((r) => ms >= r.startMs && ms < r.endMs);

/**
 * The share (0..1) of speech steps of `path` in stalls; `words` are the reference's word spans
 * and `pauses` the recording's, both on the path's timelines.
 */
export function stallShare(path: WarpPath, words: readonly WordSpan[], pauses: readonly Pause[]): number {
  const n = path.a.length;
  const speech = new Uint8Array(n);
  let speechSteps = 0;
  for (let k = 0; k < n; k++) {
    if (inside(path.a[k] * FRAME_MS, words) && !inside(path.b[k] * FRAME_MS, pauses)) {
      speech[k] = 1;
      speechSteps++;
    }
  }
  if (!speechSteps) return 0;
  let stalled = 0;
  let runStart = 1;
  let direction = 0;
  const close = (end: number) => {
    if (direction !== 0 && end - runStart >= STALL_FRAMES)
      for (let k = runStart; k < end; k++) stalled += speech[k];
  };
  for (let k = 1; k < n; k++) {
    const step = path.a[k] === path.a[k - 1] ? 1 : path.b[k] === path.b[k - 1] ? 2 : 0;
    if (step === direction && step !== 0) continue;
    close(k);
    runStart = k;
    direction = step;
  }
  close(n);
  return stalled / speechSteps;
}
