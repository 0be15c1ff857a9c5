import { encodeWav } from './wav';

/** What the WAV encoder worker offers (the same object runs on the main thread as the fallback). */
export const wavEncoderApi = {
  /** 16-bit mono WAV bytes of `pcm` at `sampleRate`. */
  encode(pcm: Float32Array, sampleRate: number): Uint8Array {
    return encodeWav(pcm, sampleRate);
  },
};

export type WavEncoderApi = typeof wavEncoderApi;
