/**
 * Carries word timings from the synthesised reference onto the recording through the warping path,
 * then lets the recording's own pauses correct them: speech never starts or ends inside silence.
 */
import { FRAME_MS, type Pause } from './alignFeatures';

/** A word's times, ms. */
export interface WordSpan {
  startMs: number;
  endMs: number;
}

/** A word start this close after a pause's end is taken to begin when the pause ends. */
const SNAP_AFTER_PAUSE_MS = 250;

/**
 * Maps reference word spans to the recording: a word starts at the first recording frame matched
 * with its first reference frame and ends at the last frame matched with its last one.
 */
export function mapSpans(
  spans: readonly WordSpan[],
  map: { first: Int32Array; last: Int32Array },
): WordSpan[] {
  const n = map.first.length;
  const at = (ms: number) => Math.max(0, Math.min(n - 1, Math.round(ms / FRAME_MS)));
  return spans.map((s) => {
    const startMs = map.first[at(s.startMs)] * FRAME_MS;
    return { startMs, endMs: Math.max(startMs, map.last[at(s.endMs)] * FRAME_MS) };
  });
}

/**
 * Snaps spans to the pauses: a start inside a pause, or just after one that separates it from the
 * previous word, moves to the pause's end; an end inside a pause moves to the pause's start.
 * Times stay in order.
 */
export function snapToPauses(spans: readonly WordSpan[], pauses: readonly Pause[]): WordSpan[] {
  const out = spans.map((s) => ({ ...s }));
  let p = 0;
  for (let k = 0; k < out.length; k++) {
    const w = out[k];
    while (p < pauses.length && pauses[p].endMs + SNAP_AFTER_PAUSE_MS < w.startMs) p++;
    const pause = pauses[p];
    const prevStart = k > 0 ? out[k - 1].startMs : -Infinity;
    if (pause && pause.startMs <= w.startMs + FRAME_MS && prevStart < pause.startMs) {
      w.startMs = pause.endMs;
      if (k > 0 && out[k - 1].endMs > pause.startMs)
        out[k - 1].endMs = Math.max(out[k - 1].startMs, pause.startMs);
    }
    const inside = pauses.find((q) => q.startMs < w.endMs && w.endMs < q.endMs && q.startMs >= w.startMs);
    if (inside) w.endMs = inside.startMs;
    if (w.endMs < w.startMs) w.endMs = w.startMs;
    if (k > 0 && w.startMs < out[k - 1].startMs) w.startMs = out[k - 1].startMs;
  }
  return out;
}
