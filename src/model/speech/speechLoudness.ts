/**
 * Loudness of synthesised speech over time, for a mouth that opens with the voice: RMS levels of
 * short frames, measured against the narration's own loud speech so a quiet voice opens as wide as
 * a loud one.
 */

/** Levels below -50 dBFS are never speech (as for uploaded audio). */
const SILENCE_LEVEL = 0.003;

/** Loudness queries over one narration's levels. */
export interface SpeechLoudness {
  /** Mean loudness over [startMs, endMs), 0..1 of loud speech. */
  mean(startMs: number, endMs: number): number;
}

/** The narration's loud-speech level: the 95th percentile of its non-silent levels. */
function loudReference(levels: readonly number[]): number {
  const speech = levels.filter((l) => l > SILENCE_LEVEL).sort((a, b) => a - b);
  return speech.length ? speech[Math.min(speech.length - 1, Math.floor(0.95 * speech.length))] : 0;
}

/**
 * Loudness of a narration from RMS `levels` (0..1 of full scale) of consecutive `frameMs` frames
 * from 0. Without any sound (or levels) everything counts as loud, so the mouth still moves.
 */
export function speechLoudness(levels: readonly number[], frameMs: number): SpeechLoudness {
  const reference = loudReference(levels);
  const at = (i: number): number => (reference > 0 ? Math.min(1, levels[i] / reference) : 1);
  const frames = (startMs: number, endMs: number): [number, number] => {
    const from = Math.max(0, Math.floor(startMs / frameMs));
    return [from, Math.min(levels.length, Math.max(from + 1, Math.ceil(endMs / frameMs)))];
  };
  const mean = (startMs: number, endMs: number): number => {
    if (reference <= 0) return 1;
    const [from, to] = frames(startMs, endMs);
    let sum = 0;
    for (let i = from; i < to; i++) sum += at(i);
    return to > from ? sum / (to - from) : 0;
  };
  return { mean };
}
