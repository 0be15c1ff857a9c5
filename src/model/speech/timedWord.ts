/** One word of a narration clip with its audio times (and text offsets when the engine gave them). */
export interface TimedWord {
  text: string;
  startMs: number;
  endMs: number;
  charStart?: number;
  charEnd?: number;
}
