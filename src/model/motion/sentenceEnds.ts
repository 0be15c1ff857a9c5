import type { MouthCue } from '../speech/mouthTimeline';

/*
 * Where the narration ends a sentence, read from the mouth timeline alone: both the stage and the
 * render have the page's mouth cues, so both find the same ends. Synthesised speech pauses after
 * each sentence (longer than between words), so the end of every stretch of speech followed by a
 * rest of at least PAUSE_MS is a sentence end.
 */

/** A rest at least this long after speech marks the end of a sentence. */
export const SENTENCE_PAUSE_MS = 280;

/** Page times (ms) where a sentence ends: speech followed by a rest of SENTENCE_PAUSE_MS or to the end. */
export function sentenceEnds(cues: readonly MouthCue[], durationMs: number): number[] {
  const sorted = [...cues].sort((a, b) => a.startMs - b.startMs);
  const ends: number[] = [];
  let speaking = false;
  sorted.forEach((cue, i) => {
    const until = i + 1 < sorted.length ? sorted[i + 1].startMs : durationMs;
    if (cue.shape !== 'X') {
      speaking = true;
      return;
    }
    if (speaking && (until - cue.startMs >= SENTENCE_PAUSE_MS || i + 1 === sorted.length)) {
      if (cue.startMs > 0 && cue.startMs < durationMs) ends.push(cue.startMs);
      speaking = false;
    }
  });
  return ends;
}
