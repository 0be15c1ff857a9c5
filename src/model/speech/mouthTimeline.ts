import { shapesForPhoneme, type MouthShape } from './mouthShapes';
import type { PhonemeTiming } from './timings';

/** From `startMs` until the next cue's start (or the end of the audio) the mouth shows `shape`. */
export interface MouthCue {
  startMs: number;
  shape: MouthShape;
}

/** Options of {@link mouthTimeline}. */
export interface MouthTimelineOptions {
  /** Shortest time a shape stays on screen once shown, so the mouth does not flicker (default 60 ms). */
  minHoldMs?: number;
  /** Silences shorter than this inside speech keep the previous shape instead of resting (default 100 ms):
   *  eSpeak leaves ~40 ms gaps between Mandarin syllables, and closing the mouth for each one flickers. */
  minRestMs?: number;
}

/** Default minimum hold: at 25 fps a shape held 60 ms is seen for at least one frame. */
export const DEFAULT_MIN_HOLD_MS = 60;

/** Default shortest silence inside speech that shows the rest shape. */
export const DEFAULT_MIN_REST_MS = 100;

/** A shape shown over [startMs, endMs). */
export interface ShapeSpan {
  startMs: number;
  endMs: number;
  shape: MouthShape;
}

interface Segment {
  start: number;
  end: number;
  shape: MouthShape;
}

/** Phonemes -> shape segments on whole milliseconds, clamped to [0, durationMs], in time order. */
function segmentsOf(phonemes: readonly PhonemeTiming[], durationMs: number): Segment[] {
  const sorted = [...phonemes].sort((a, b) => a.startMs - b.startMs);
  const segments: Segment[] = [];
  let cursor = 0;
  for (const p of sorted) {
    const start = Math.max(cursor, Math.min(durationMs, Math.round(p.startMs)));
    const end = Math.max(start, Math.min(durationMs, Math.round(p.endMs)));
    if (end <= start) continue;
    const shapes = shapesForPhoneme(p.phoneme);
    // A diphthong's shapes share its time evenly.
    shapes.forEach((shape, i) => {
      const s = Math.round(start + ((end - start) * i) / shapes.length);
      const e = Math.round(start + ((end - start) * (i + 1)) / shapes.length);
      if (e > s) segments.push({ start: s, end: e, shape });
    });
    cursor = end;
  }
  return segments;
}

/** Segments -> cues: rest (X) before the first sound, in gaps of at least minRest, and after the last
 *  sound; repeats are merged. Pause phonemes count as gaps. */
function cuesOf(allSegments: readonly Segment[], minRestMs: number): MouthCue[] {
  const segments = allSegments.filter((s) => s.shape !== 'X');
  const cues: MouthCue[] = [{ startMs: 0, shape: 'X' }];
  const push = (startMs: number, shape: MouthShape): void => {
    const last = cues[cues.length - 1];
    if (last.shape === shape) return;
    if (last.startMs === startMs) cues.pop();
    const before = cues[cues.length - 1];
    if (before && before.shape === shape) return;
    cues.push({ startMs, shape });
  };
  let cursor = 0;
  for (const seg of segments) {
    const gap = seg.start - cursor;
    if (gap > 0 && gap >= minRestMs) push(cursor, 'X');
    push(seg.start, seg.shape);
    cursor = seg.end;
  }
  push(cursor, 'X');
  return cues;
}

/**
 * Enforces the minimum hold: a cue starts no earlier than minHold after the previous one, and a cue
 * pushed up to its successor's start is dropped. The leading rest is exempt (speech is never delayed by
 * the silence before it) and the final rest is never dropped (the mouth always ends at rest).
 */
function holdAtLeast(cues: readonly MouthCue[], minHoldMs: number): MouthCue[] {
  const out: MouthCue[] = [cues[0]];
  for (let i = 1; i < cues.length; i++) {
    const prev = out[out.length - 1];
    const cue = cues[i];
    const isLast = i === cues.length - 1;
    const leadingRest = out.length === 1 && prev.shape === 'X';
    const earliest = leadingRest ? cue.startMs : prev.startMs + minHoldMs;
    const start = Math.max(cue.startMs, earliest);
    if (!isLast && start >= cues[i + 1].startMs) continue;
    if (prev.shape === cue.shape) continue;
    out.push({ startMs: start, shape: cue.shape });
  }
  return out;
}

/**
 * The mouth-shape timeline of a narration from its phoneme timings: ordered cues starting at 0,
 * rest (X) at the start (unless a sound starts at 0), in silences of at least `minRestMs` and at the
 * end; consecutive repeats merged; every shape shown for at least `minHoldMs` except the leading rest.
 * The last cue is always X and starts no later than `durationMs`.
 */
export function mouthTimeline(
  phonemes: readonly PhonemeTiming[],
  durationMs: number,
  options: MouthTimelineOptions = {},
): MouthCue[] {
  const total = Math.max(0, Math.round(durationMs));
  return timelineFromSpans(
    segmentsOf(phonemes, total).map((s) => ({ startMs: s.start, endMs: s.end, shape: s.shape })),
    total,
    options,
  );
}

/**
 * Cues from shape spans of any source (phonemes, audio analysis), with the same rules as
 * {@link mouthTimeline}: spans must be in time order within [0, durationMs]; X spans count as silence.
 */
export function timelineFromSpans(
  spans: readonly ShapeSpan[],
  durationMs: number,
  options: MouthTimelineOptions = {},
): MouthCue[] {
  const total = Math.max(0, Math.round(durationMs));
  const minHold = options.minHoldMs ?? DEFAULT_MIN_HOLD_MS;
  const minRest = options.minRestMs ?? DEFAULT_MIN_REST_MS;
  const segments = spans.map((s) => ({ start: s.startMs, end: s.endMs, shape: s.shape }));
  const cues = holdAtLeast(cuesOf(segments, minRest), minHold);
  const last = cues[cues.length - 1];
  if (last.shape !== 'X') cues.push({ startMs: total, shape: 'X' });
  else if (last.startMs > total) last.startMs = total;
  return cues;
}

/** The timeline as spans covering [0, durationMs] (e.g. for ffmpeg `enable=between(t,a,b)` overlays). */
export function timelineSpans(timeline: readonly MouthCue[], durationMs: number): ShapeSpan[] {
  const spans: ShapeSpan[] = [];
  timeline.forEach((cue, i) => {
    const endMs = Math.min(durationMs, i + 1 < timeline.length ? timeline[i + 1].startMs : durationMs);
    if (endMs > cue.startMs) spans.push({ startMs: cue.startMs, endMs, shape: cue.shape });
  });
  return spans;
}

/** The shape shown at time `ms` (binary search; X before the first cue or for an empty timeline). */
export function shapeAt(timeline: readonly MouthCue[], ms: number): MouthShape {
  let lo = 0;
  let hi = timeline.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (timeline[mid].startMs <= ms) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found < 0 ? 'X' : timeline[found].shape;
}
