import { chunkPeak } from '../../workers/peaks';

/** Bars kept for the live waveform (one per LIVE_BAR_SAMPLES samples). */
export const LIVE_BARS = 400;
export const LIVE_BAR_SAMPLES = 1024;

/** Ring buffer of live min/max bars; the live canvas reads it every frame, no signal involved. */
export const liveWave = {
  min: new Float32Array(LIVE_BARS),
  max: new Float32Array(LIVE_BARS),
  /** Bars written so far (the newest is at (count - 1) % LIVE_BARS). */
  count: 0,
};

// Samples of the last chunk that did not fill a whole bar yet.
let pending = new Float32Array(0);

/** Adds the bars of a recorded chunk, on fixed sample spans whatever size the chunks come in. */
export function pushLiveBars(pcm: Float32Array): void {
  let joined = pcm;
  if (pending.length) {
    joined = new Float32Array(pending.length + pcm.length);
    joined.set(pending);
    joined.set(pcm, pending.length);
  }
  let at = 0;
  for (; at + LIVE_BAR_SAMPLES <= joined.length; at += LIVE_BAR_SAMPLES) {
    const [lo, hi] = chunkPeak(joined, at, at + LIVE_BAR_SAMPLES);
    const slot = liveWave.count % LIVE_BARS;
    liveWave.min[slot] = lo;
    liveWave.max[slot] = hi;
    liveWave.count++;
  }
  pending = joined.slice(at);
}

/** Empties the live waveform for a new take. */
export function clearLiveBars(): void {
  pending = new Float32Array(0);
  liveWave.count = 0;
}
