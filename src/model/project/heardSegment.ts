/*
 * Which child segment a page's whole narration audio is speaking at a moment, from the word
 * timings of its text-to-speech (charStart indexes the spoken text: whitespace collapsed and
 * trimmed). 试听 of a page spoken in one piece uses it to show stickers and shot framings at the
 * segment where the render will show them.
 */

const spoken = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Where each segment starts in the spoken form of `text`, or null when a segment cannot be found
 * in order (the page text and its segments disagree, e.g. a draft that was not saved).
 */
export function segmentOffsets(text: string, segments: readonly string[]): number[] | null {
  const whole = spoken(text);
  const offsets: number[] = [];
  let from = 0;
  for (const segment of segments) {
    const at = whole.indexOf(spoken(segment), from);
    if (at < 0) return null;
    offsets.push(at);
    from = at + spoken(segment).length;
  }
  return offsets;
}

/** 0-based segment being spoken `ms` into the audio: the one holding the last word begun. */
export function segmentAt(
  words: readonly { startMs: number; charStart?: number }[],
  offsets: readonly number[],
  ms: number,
): number {
  let char = 0;
  for (const w of words) {
    if (w.startMs > ms) break;
    if (w.charStart !== undefined) char = w.charStart;
  }
  let segment = 0;
  offsets.forEach((start, i) => {
    if (start <= char) segment = i;
  });
  return segment;
}
