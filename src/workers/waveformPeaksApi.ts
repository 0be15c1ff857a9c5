import { computePeaks, type Peaks } from './peaks';

/** Peaks plus the PCM they were computed from, handed back so the caller keeps its samples. */
export interface PeaksResult extends Peaks {
  pcm: Float32Array;
}

/** What the waveform-peaks worker offers (the same object runs on the main thread as the fallback). */
export const waveformPeaksApi = {
  /** Min/max of `buckets` equal spans of `pcm`. */
  peaks(pcm: Float32Array, buckets: number): PeaksResult {
    return { ...computePeaks(pcm, buckets), pcm };
  },
};

export type WaveformPeaksApi = typeof waveformPeaksApi;
