import type { Pause } from './alignFeatures';
import type { WordSpan } from './alignMap';

/** What the align worker is given: both signals at 16 kHz mono and the reference's word spans. */
export interface AlignJob {
  reference: Int16Array;
  recording: Int16Array;
  spans: WordSpan[];
}

/** What the align worker answers: the spans on the recording's timeline and its pauses. */
export type AlignMessage =
  { type: 'done'; spans: WordSpan[]; pauses: Pause[]; mismatch: number } | { type: 'error'; detail: string };
