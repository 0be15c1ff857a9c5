/** Small signal measurements for media tests. */

/** Root-mean-square level of PCM16 samples in [from, to). */
export function rms(samples: Int16Array, from = 0, to = samples.length): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += samples[i] * samples[i];
  return to > from ? Math.sqrt(sum / (to - from)) : 0;
}

/** Median fundamental frequency (Hz) of the voiced frames, by autocorrelation. */
export function medianF0(samples: Int16Array, sampleRate: number): number {
  const frame = Math.round(sampleRate * 0.046);
  const hop = frame >> 1;
  const minLag = Math.floor(sampleRate / 450);
  const maxLag = Math.floor(sampleRate / 70);
  const f0s: number[] = [];
  for (let start = 0; start + frame + maxLag < samples.length; start += hop) {
    let energy = 0;
    for (let i = 0; i < frame; i++) energy += samples[start + i] * samples[start + i];
    if (Math.sqrt(energy / frame) < 1500) continue;
    let best = 0;
    let bestLag = 0;
    for (let lag = minLag; lag <= maxLag; lag++) {
      let c = 0;
      for (let i = 0; i < frame; i++) c += samples[start + i] * samples[start + i + lag];
      if (c > best) {
        best = c;
        bestLag = lag;
      }
    }
    if (bestLag && best / energy > 0.5) f0s.push(sampleRate / bestLag);
  }
  f0s.sort((a, b) => a - b);
  return f0s.length ? f0s[f0s.length >> 1] : 0;
}
