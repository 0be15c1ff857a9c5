/**
 * Frame features for aligning speech to speech: MFCCs (13 coefficients, c0 = log energy) every 10 ms
 * over 25 ms Hamming windows, normalised per file (mean 0, variance 1 per coefficient) so two
 * different voices of the same words look alike. Also finds the pauses of a recording from its frame
 * energy. Pure computation on samples; runs inside the align worker.
 */

/** Sample rate the aligner works at: enough for the speech band, a third fewer samples than 24 kHz. */
export const ALIGN_SAMPLE_RATE = 16_000;
/** Hop between frames, ms. */
export const FRAME_MS = 10;
const WINDOW = 400; // 25 ms at 16 kHz
const HOP = 160; // 10 ms at 16 kHz
const FFT_SIZE = 512;
const MEL_BANDS = 26;
/** Coefficients per frame. */
export const FEATURE_DIMS = 13;
/** Energies this far below the loudest frame count as the same silence (digital zero or room hiss). */
const FLOOR_DB = 60;

/** Features of a signal: `n` frames of {@link FEATURE_DIMS} values, row after row. */
export interface Features {
  n: number;
  data: Float32Array;
}

const hamming = Float64Array.from(
  { length: WINDOW },
  (_, i) => 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (WINDOW - 1)),
);
const melFilters = buildMelFilters();
const dct = Float64Array.from({ length: FEATURE_DIMS * MEL_BANDS }, (_, k) => {
  const c = Math.floor(k / MEL_BANDS);
  const b = k % MEL_BANDS;
  return Math.cos((Math.PI * c * (b + 0.5)) / MEL_BANDS);
});

function buildMelFilters(): { start: number; weights: Float64Array }[] {
  const mel = (hz: number) => 2595 * Math.log10(1 + hz / 700);
  const hz = (m: number) => 700 * (10 ** (m / 2595) - 1);
  const lo = mel(80);
  const hi = mel(7600);
  const edges = Array.from({ length: MEL_BANDS + 2 }, (_, i) =>
    Math.round((hz(lo + ((hi - lo) * i) / (MEL_BANDS + 1)) * FFT_SIZE) / ALIGN_SAMPLE_RATE),
  );
  return Array.from({ length: MEL_BANDS }, (_, b) => {
    const [a, c, d] = [edges[b], edges[b + 1], Math.max(edges[b + 2], edges[b + 1] + 1)];
    const weights = new Float64Array(d - a + 1);
    for (let k = a; k <= d; k++) weights[k - a] = k <= c ? (k - a) / Math.max(1, c - a) : (d - k) / (d - c);
    return { start: a, weights };
  });
}

/** In-place radix-2 FFT of length FFT_SIZE. */
function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j], re[i]];
      [im[i], im[j]] = [im[j], im[i]];
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const ang = (-2 * Math.PI) / len;
    const wr = Math.cos(ang);
    const wi = Math.sin(ang);
    for (let i = 0; i < n; i += len) {
      let cr = 1;
      let ci = 0;
      for (let k = 0; k < len / 2; k++) {
        const a = i + k;
        const b = a + len / 2;
        const tr = re[b] * cr - im[b] * ci;
        const ti = re[b] * ci + im[b] * cr;
        re[b] = re[a] - tr;
        im[b] = im[a] - ti;
        re[a] += tr;
        im[a] += ti;
        const next = cr * wr - ci * wi;
        ci = cr * wi + ci * wr;
        cr = next;
      }
    }
  }
}

/** Mel band energies of every frame (before the log), `frames * MEL_BANDS` values. */
function melEnergies(samples: Int16Array): { n: number; bands: Float64Array } {
  const n = Math.max(1, Math.floor((samples.length - WINDOW) / HOP) + 1);
  const bands = new Float64Array(n * MEL_BANDS);
  const re = new Float64Array(FFT_SIZE);
  const im = new Float64Array(FFT_SIZE);
  for (let f = 0; f < n; f++) {
    const at = f * HOP;
    re.fill(0);
    im.fill(0);
    let prev = at > 0 ? samples[at - 1] : 0;
    for (let i = 0; i < WINDOW && at + i < samples.length; i++) {
      const s = samples[at + i];
      re[i] = (s - 0.97 * prev) * hamming[i]; // pre-emphasis lifts the consonants' high band
      prev = s;
    }
    fft(re, im);
    for (let b = 0; b < MEL_BANDS; b++) {
      const { start, weights } = melFilters[b];
      let e = 0;
      for (let k = 0; k < weights.length; k++) e += weights[k] * (re[start + k] ** 2 + im[start + k] ** 2);
      bands[f * MEL_BANDS + b] = e;
    }
  }
  return { n, bands };
}

/** MFCC features of 16 kHz mono samples, normalised per coefficient over the file. */
export function speechFeatures(samples: Int16Array): Features {
  const { n, bands } = melEnergies(samples);
  let peak = 1e-9;
  for (const e of bands) peak = Math.max(peak, e);
  const floor = peak * 10 ** (-FLOOR_DB / 10);
  const data = new Float32Array(n * FEATURE_DIMS);
  const logs = new Float64Array(MEL_BANDS);
  for (let f = 0; f < n; f++) {
    for (let b = 0; b < MEL_BANDS; b++) logs[b] = Math.log(Math.max(floor, bands[f * MEL_BANDS + b]));
    for (let c = 0; c < FEATURE_DIMS; c++) {
      let v = 0;
      for (let b = 0; b < MEL_BANDS; b++) v += dct[c * MEL_BANDS + b] * logs[b];
      data[f * FEATURE_DIMS + c] = v;
    }
  }
  normalise(data, n);
  return { n, data };
}

function normalise(data: Float32Array, n: number): void {
  for (let c = 0; c < FEATURE_DIMS; c++) {
    let sum = 0;
    let sq = 0;
    for (let f = 0; f < n; f++) sum += data[f * FEATURE_DIMS + c];
    const mean = sum / n;
    for (let f = 0; f < n; f++) sq += (data[f * FEATURE_DIMS + c] - mean) ** 2;
    const sd = Math.sqrt(sq / n) || 1;
    for (let f = 0; f < n; f++) data[f * FEATURE_DIMS + c] = (data[f * FEATURE_DIMS + c] - mean) / sd;
  }
}

/** A stretch of silence in a recording, ms. */
export interface Pause {
  startMs: number;
  endMs: number;
}

/**
 * Pauses of at least `minMs` before more speech: frames whose energy stays 35 dB under the loud frames (the 95th
 * percentile, so one click does not set the scale) or under the noise floor plus 6 dB.
 */
export function findPauses(samples: Int16Array, minMs = 200): Pause[] {
  const n = Math.floor(samples.length / HOP);
  if (n === 0) return [];
  const db = new Float64Array(n);
  for (let f = 0; f < n; f++) {
    let e = 0;
    for (let i = f * HOP; i < (f + 1) * HOP; i++) e += samples[i] * samples[i];
    db[f] = 10 * Math.log10(e / HOP + 1e-3);
  }
  const sorted = Float64Array.from(db).sort();
  const loud = sorted[Math.floor(n * 0.95)];
  const quiet = sorted[Math.floor(n * 0.05)];
  const threshold = Math.max(loud - 35, Math.min(quiet + 6, loud - 15));
  const pauses: Pause[] = [];
  let start = -1;
  // A silence running to the end of the file is no pause: no speech follows it.
  for (let f = 0; f < n; f++) {
    const silent = db[f] < threshold;
    if (silent && start < 0) start = f;
    if (!silent && start >= 0) {
      if ((f - start) * FRAME_MS >= minMs) pauses.push({ startMs: start * FRAME_MS, endMs: f * FRAME_MS });
      start = -1;
    }
  }
  return pauses;
}
