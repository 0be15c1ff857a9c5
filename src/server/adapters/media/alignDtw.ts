/**
 * Dynamic time warping between two feature sequences in O(n * band) time and memory: the classic
 * multi-resolution scheme (FastDTW). Both sequences are halved until they are short, aligned there
 * inside a wide band, and the path is projected back level by level, each level searching only a
 * few frames either side of the coarser path. An hour of audio (360,000 frames) stays well under a
 * second per level instead of the 10^11 cells of the full matrix.
 */
import { FEATURE_DIMS, type Features } from './alignFeatures';

/** Frames either side of the projected coarse path searched at each finer level. */
const RADIUS = 12;
/** Sequences at most this long are aligned directly (band = the whole matrix, < 10^7 cells). */
const DIRECT_FRAMES = 2500;

/** A warping path: ref frame `a[k]` matches real frame `b[k]`, both non-decreasing. */
export interface WarpPath {
  a: Int32Array;
  b: Int32Array;
}

/** Per-row column window [lo, hi] of a banded DTW. */
interface Window {
  lo: Int32Array;
  hi: Int32Array;
}

/** Averages pairs of frames: half the length, same dimensions. */
function halve(f: Features): Features {
  const n = Math.ceil(f.n / 2);
  const data = new Float32Array(n * FEATURE_DIMS);
  for (let i = 0; i < n; i++) {
    const a = 2 * i;
    const b = Math.min(f.n - 1, a + 1);
    for (let c = 0; c < FEATURE_DIMS; c++)
      data[i * FEATURE_DIMS + c] = (f.data[a * FEATURE_DIMS + c] + f.data[b * FEATURE_DIMS + c]) / 2;
  }
  return { n, data };
}

/** Every cell of an n x m matrix (used at the coarsest level). */
function fullWindow(n: number, m: number): Window {
  return { lo: new Int32Array(n), hi: new Int32Array(n).fill(m - 1) };
}

/** The finer level's window: each coarse path cell covers 2x2 fine cells, widened by the radius. */
function projectWindow(path: WarpPath, n: number, m: number): Window {
  const lo = new Int32Array(n).fill(m);
  const hi = new Int32Array(n).fill(-1);
  for (let k = 0; k < path.a.length; k++) {
    for (let i = 2 * path.a[k]; i <= Math.min(n - 1, 2 * path.a[k] + 1); i++) {
      lo[i] = Math.min(lo[i], 2 * path.b[k] - RADIUS);
      hi[i] = Math.max(hi[i], 2 * path.b[k] + 1 + RADIUS);
    }
  }
  // Spread the band over rows too, then make it monotone so consecutive rows always connect.
  const lo2 = Int32Array.from(lo);
  const hi2 = Int32Array.from(hi);
  for (let i = 0; i < n; i++) {
    lo2[i] = Math.min(lo[Math.max(0, i - RADIUS)] ?? m, lo2[i]);
    hi2[i] = Math.max(hi[Math.min(n - 1, i + RADIUS)] ?? -1, hi2[i]);
  }
  for (let i = n - 2; i >= 0; i--) lo2[i] = Math.min(lo2[i], lo2[i + 1]);
  for (let i = 1; i < n; i++) hi2[i] = Math.max(hi2[i], hi2[i - 1]);
  for (let i = 0; i < n; i++) {
    lo2[i] = Math.max(0, Math.min(m - 1, lo2[i]));
    hi2[i] = Math.max(lo2[i], Math.min(m - 1, hi2[i]));
  }
  lo2[0] = 0;
  hi2[n - 1] = m - 1;
  return { lo: lo2, hi: hi2 };
}

/** Euclidean distance between frame i of `a` and frame j of `b`. */
function distance(a: Float32Array, i: number, b: Float32Array, j: number): number {
  let s = 0;
  const x = i * FEATURE_DIMS;
  const y = j * FEATURE_DIMS;
  for (let c = 0; c < FEATURE_DIMS; c++) {
    const d = a[x + c] - b[y + c];
    s += d * d;
  }
  return Math.sqrt(s);
}

/** DTW inside a window; steps (1,1), (1,0), (0,1); returns the best path from (0,0) to (n-1,m-1). */
function windowedDtw(a: Features, b: Features, w: Window): WarpPath {
  const n = a.n;
  const offsets = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) offsets[i + 1] = offsets[i] + (w.hi[i] - w.lo[i] + 1);
  // 0 diagonal, 1 from the row above, 2 from the left.
  const steps = new Uint8Array(offsets[n]);
  let prev = new Float64Array(0);
  let prevLo = 0;
  let prevHi = -1;
  for (let i = 0; i < n; i++) {
    const lo = w.lo[i];
    const hi = w.hi[i];
    const row = new Float64Array(hi - lo + 1);
    for (let j = lo; j <= hi; j++) {
      const d = distance(a.data, i, b.data, j);
      const up = j >= prevLo && j <= prevHi ? prev[j - prevLo] : Infinity;
      const diag = j - 1 >= prevLo && j - 1 <= prevHi ? prev[j - 1 - prevLo] : Infinity;
      const left = j > lo ? row[j - 1 - lo] : Infinity;
      let best = diag;
      let step = 0;
      if (up < best) [best, step] = [up, 1];
      if (left < best) [best, step] = [left, 2];
      if (i === 0 && j === 0) best = 0;
      row[j - lo] = best + d;
      steps[offsets[i] + j - lo] = step;
    }
    prev = row;
    prevLo = lo;
    prevHi = hi;
  }
  const pa: number[] = [];
  const pb: number[] = [];
  let i = n - 1;
  let j = b.n - 1;
  for (;;) {
    pa.push(i);
    pb.push(j);
    if (i === 0 && j === 0) break;
    const step = i === 0 ? 2 : j === 0 ? 1 : steps[offsets[i] + j - w.lo[i]];
    if (step === 0) {
      i--;
      j--;
    } else if (step === 1) i--;
    else j--;
  }
  return { a: Int32Array.from(pa.reverse()), b: Int32Array.from(pb.reverse()) };
}

/** The warping path between `a` (reference) and `b` (recording). */
export function warpPath(a: Features, b: Features): WarpPath {
  if (a.n <= DIRECT_FRAMES && b.n <= DIRECT_FRAMES) return windowedDtw(a, b, fullWindow(a.n, b.n));
  const coarse = warpPath(halve(a), halve(b));
  return windowedDtw(a, b, projectWindow(coarse, a.n, b.n));
}

/** For each reference frame, the first and last recording frame the path matches it with. */
export function frameMap(path: WarpPath, n: number): { first: Int32Array; last: Int32Array } {
  const first = new Int32Array(n).fill(-1);
  const last = new Int32Array(n).fill(-1);
  for (let k = 0; k < path.a.length; k++) {
    const i = path.a[k];
    if (first[i] < 0) first[i] = path.b[k];
    last[i] = path.b[k];
  }
  return { first, last };
}
