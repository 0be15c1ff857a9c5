import { findPauses, speechFeatures, type Pause } from './alignFeatures';
import { frameMap, warpPath } from './alignDtw';
import { stallShare } from './alignMismatch';
import { mapSpans, snapToPauses, type WordSpan } from './alignMap';

/** Silence added around both signals, so their ends meet silence to silence, not word to hiss. */
const PAD_MS = 300;

function padded(samples: Int16Array): Int16Array {
  const pad = (PAD_MS * 16_000) / 1000;
  const out = new Int16Array(samples.length + 2 * pad);
  out.set(samples, pad);
  return out;
}

/**
 * The word spans of `reference` (16 kHz) carried onto `recording` (16 kHz, the same words spoken
 * by someone else) and snapped to the recording's pauses, with how much of the path stalls
 * (`mismatch`, see alignMismatch.ts). Synchronous: call it in a worker.
 */
export function alignSpans(
  reference: Int16Array,
  recording: Int16Array,
  spans: readonly WordSpan[],
): { spans: WordSpan[]; pauses: Pause[]; mismatch: number } {
  const ref = speechFeatures(padded(reference));
  const rec = speechFeatures(padded(recording));
  const path = warpPath(ref, rec);
  const map = frameMap(path, ref.n);
  const shift = (s: WordSpan) => ({ startMs: s.startMs + PAD_MS, endMs: s.endMs + PAD_MS });
  const back = (s: WordSpan) => ({
    startMs: Math.max(0, s.startMs - PAD_MS),
    endMs: Math.max(0, s.endMs - PAD_MS),
  });
  const mapped = mapSpans(spans.map(shift), map).map(back);
  const pauses = findPauses(recording);
  const mismatch = stallShare(path, spans.map(shift), pauses.map(shift));
  return { spans: snapToPauses(mapped, pauses), pauses, mismatch };
}
