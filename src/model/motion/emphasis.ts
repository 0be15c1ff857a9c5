import { MOUTH_OPENING } from '../speech/mouthOpening';
import type { MouthCue } from '../speech/mouthTimeline';

/*
 * Where the narration stresses a syllable, read from the mouth timeline alone (the stage and the
 * render both have the page's cues, nothing else of the text, so both find the same points).
 * Every lip-sync drive opens the mouth widest on the loudest syllables: text-to-speech opens a
 * vowel as far as the voice is loud (stressed and full-tone syllables wider, 的/们 less), the
 * audio-driven timelines choose the shape by loudness. A syllable held long and wide is therefore
 * the stressed one of its clause (Mandarin stress is mostly length and loudness). The rule: in each
 * clause (speech between rests of at least CLAUSE_PAUSE_MS) of at least EMPHASIS_MIN_CLAUSE_MS,
 * the shape with the largest opening x time is the stress, if it opens at least as far as C.
 */

/** A rest at least this long splits the narration into clauses (commas, sentence ends). */
export const CLAUSE_PAUSE_MS = 120;
/** Shorter clauses (a word or two) get no emphasis. */
export const EMPHASIS_MIN_CLAUSE_MS = 700;
/** The stressed shape must open at least this far (C, open; D, E and H too). */
export const EMPHASIS_MIN_OPENING = 0.6;

/** A stretch of narration between rests. */
export interface Clause {
  startMs: number;
  endMs: number;
  /** Onset of the stressed syllable (ms), null when the clause has none. */
  stressMs: number | null;
}

interface Span {
  startMs: number;
  endMs: number;
  shape: MouthCue['shape'];
}

function spansOf(cues: readonly MouthCue[], durationMs: number): Span[] {
  const sorted = [...cues].sort((a, b) => a.startMs - b.startMs);
  return sorted
    .map((cue, i) => ({
      startMs: cue.startMs,
      endMs: Math.min(durationMs, i + 1 < sorted.length ? sorted[i + 1].startMs : durationMs),
      shape: cue.shape,
    }))
    .filter((s) => s.endMs > s.startMs && s.startMs >= 0);
}

function stressOf(spans: readonly Span[]): number | null {
  let best: Span | null = null;
  let bestWeight = 0;
  for (const s of spans) {
    const opening = MOUTH_OPENING[s.shape];
    const weight = opening * (s.endMs - s.startMs);
    if (opening >= EMPHASIS_MIN_OPENING && weight > bestWeight) {
      best = s;
      bestWeight = weight;
    }
  }
  return best ? best.startMs : null;
}

/** The page's clauses in time order, each with its stressed syllable (if any). */
export function clausesOf(cues: readonly MouthCue[], durationMs: number): Clause[] {
  const clauses: Clause[] = [];
  let current: Span[] = [];
  const close = () => {
    if (current.length === 0) return;
    const startMs = current[0].startMs;
    const endMs = current[current.length - 1].endMs;
    const long = endMs - startMs >= EMPHASIS_MIN_CLAUSE_MS;
    clauses.push({ startMs, endMs, stressMs: long ? stressOf(current) : null });
    current = [];
  };
  for (const span of spansOf(cues, durationMs)) {
    if (span.shape !== 'X') current.push(span);
    else if (span.endMs - span.startMs >= CLAUSE_PAUSE_MS) close();
  }
  close();
  return clauses;
}
