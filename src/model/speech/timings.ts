/** Timing of one phoneme in synthesised speech; `phoneme` is eSpeak's IPA string, "" for a pause. */
export interface PhonemeTiming {
  phoneme: string;
  startMs: number;
  endMs: number;
}

/**
 * Timing of one spoken word (for Chinese: usually one character) in synthesised speech.
 * `charStart`/`charEnd` locate the word in the text that was synthesised (UTF-16 offsets), for subtitles.
 */
export interface WordTiming {
  text: string;
  startMs: number;
  endMs: number;
  charStart: number;
  charEnd: number;
}
