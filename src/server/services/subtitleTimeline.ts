/**
 * Cues of the subtitle tool, cut and timed by the same rules as the render's burned-in subtitles
 * (src/server/video/subtitleCues.ts): lines break at punctuation within 18 Chinese or 42 Latin
 * characters, start with their first word, linger a little and bridge short gaps.
 */
import type { SubtitleCue } from '../../api/subtitle.contract';
import type { AlignedScript } from '../adapters/media/alignScript';
import type { Transcript } from '../adapters/media/transcribe.openai';
import { normaliseNarration, pageCues, splitLines, timeLines } from '../../model/speech/subtitleCues';

const numbered = (cues: { startMs: number; endMs: number; text: string }[]): SubtitleCue[] =>
  cues.map((c, i) => ({ index: i + 1, startMs: c.startMs, endMs: c.endMs, text: c.text }));

/** Cues of a script aligned to its recording, from the aligned word times. */
export function alignedCues(aligned: AlignedScript): SubtitleCue[] {
  return numbered(pageCues([{ text: aligned.text, durationMs: aligned.durationMs, words: aligned.words }]));
}

/**
 * Cues of a transcript: each recognised segment is split into lines that share the segment's time
 * in proportion to their length (the server gives no word times).
 */
export function transcriptCues(transcript: Transcript): SubtitleCue[] {
  const cues = transcript.segments.flatMap((segment) => {
    const text = normaliseNarration(segment.text);
    const clip = { text, durationMs: segment.endMs - segment.startMs, words: [] };
    return timeLines(splitLines(text), clip, text).map((c) => ({
      text: c.text,
      startMs: c.startMs + segment.startMs,
      endMs: c.endMs + segment.startMs,
    }));
  });
  return numbered(cues);
}
