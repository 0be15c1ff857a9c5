/** Lowest and highest sample of each bucket of a waveform, ready to draw. */
export interface Peaks {
  min: Float32Array;
  max: Float32Array;
}

/**
 * Splits `pcm` into `buckets` equal spans and returns each span's min and max sample. Spans are
 * cut at floor(i * length / buckets), so every sample belongs to exactly one bucket; with fewer
 * samples than buckets, the empty buckets are 0.
 */
export function computePeaks(pcm: Float32Array, buckets: number): Peaks {
  const n = Math.max(0, Math.floor(buckets));
  const min = new Float32Array(n);
  const max = new Float32Array(n);
  const length = pcm.length;
  for (let b = 0; b < n; b++) {
    const from = Math.floor((b * length) / n);
    const to = Math.floor(((b + 1) * length) / n);
    if (to <= from) continue;
    [min[b], max[b]] = chunkPeak(pcm, from, to);
  }
  return { min, max };
}

/** Min and max of one short chunk: the live waveform's bar for it. */
export function chunkPeak(pcm: Float32Array, from = 0, to = pcm.length): [number, number] {
  if (to <= from) return [0, 0];
  let lo = pcm[from];
  let hi = lo;
  for (let i = from + 1; i < to; i++) {
    const s = pcm[i];
    if (s < lo) lo = s;
    else if (s > hi) hi = s;
  }
  return [lo, hi];
}
