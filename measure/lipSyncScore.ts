/**
 * The lip-sync figures (issue 13), pure: the correlation of a per-frame mouth opening with the
 * speech energy, and the share of frames whose mouth class is the phonemes'. Scored the same way
 * for a mouth timeline (tests/server/lipSync.test.ts) and for the mouth read from a rendered video
 * (lipSyncVideo.ts).
 */
import {
  mouthClass,
  shapesForPhoneme,
  type MouthClass,
  type MouthShape,
  type PhonemeTiming,
} from '../src/model/speech';

/** Pearson's correlation of two series of the same length. */
export function pearson(a: readonly number[], b: readonly number[]): number {
  const n = a.length;
  const ma = a.reduce((s, x) => s + x, 0) / n;
  const mb = b.reduce((s, x) => s + x, 0) / n;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    ab += (a[i] - ma) * (b[i] - mb);
    aa += (a[i] - ma) ** 2;
    bb += (b[i] - mb) ** 2;
  }
  return ab / Math.sqrt(aa * bb);
}

/** Correlation of per-frame opening with per-frame energy, the best of lags -1, 0, +1 frame. */
export function bestLagCorrelation(
  opening: readonly number[],
  energy: readonly number[],
): { r: number; lag: number } {
  const frames = Math.min(opening.length, energy.length);
  let best = { r: -1, lag: 0 };
  for (const lag of [-1, 0, 1]) {
    const a: number[] = [];
    const b: number[] = [];
    for (let k = Math.max(0, -lag); k < frames && k + lag < frames; k++) {
      a.push(opening[k]);
      b.push(energy[k + lag]);
    }
    const r = pearson(a, b);
    if (r > best.r) best = { r, lag };
  }
  return best;
}

/**
 * The mouth class each frame should show, from the phoneme timings: inside a phoneme its class (a diphthong's part by time), in a silence of at
 * least 100 ms closed, in the short gaps between syllables null (not scored). Frame k is judged at
 * its middle.
 */
export function phonemeClasses(
  phonemes: readonly PhonemeTiming[],
  durationMs: number,
  frameMs: number,
): (MouthClass | null)[] {
  const sorted = [...phonemes].sort((a, b) => a.startMs - b.startMs);
  const wants: (MouthClass | null)[] = [];
  for (let k = 0; k * frameMs < durationMs; k++) {
    const t = k * frameMs + frameMs / 2;
    const p = sorted.find((q) => q.startMs <= t && t < q.endMs);
    if (p) {
      const shapes = shapesForPhoneme(p.phoneme);
      const part = Math.min(
        shapes.length - 1,
        Math.floor(((t - p.startMs) / (p.endMs - p.startMs)) * shapes.length),
      );
      wants.push(mouthClass(shapes[part]));
    } else {
      const before = sorted.filter((q) => q.endMs <= t).at(-1)?.endMs ?? 0;
      const after = sorted.find((q) => q.startMs > t)?.startMs ?? durationMs;
      wants.push(after - before >= 100 ? 'closed' : null);
    }
  }
  return wants;
}

/** Share of scored frames (want not null) whose seen shape has the wanted class. */
export function classAgreement(seen: readonly MouthShape[], wants: readonly (MouthClass | null)[]): number {
  let right = 0;
  let scored = 0;
  wants.forEach((want, k) => {
    if (want === null || k >= seen.length) return;
    scored++;
    if (mouthClass(seen[k]) === want) right++;
  });
  return right / scored;
}
