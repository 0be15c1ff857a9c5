/*
 * Ours against the baselines in interleaved rounds (issue 15). On these 2-core VMs one figure
 * moves by up to 10% between runs minutes apart (x264 alone on the same stills: 76.2, 77.3 and 83.4
 * CPU s in three runs within an hour, on AMD EPYC), and within one run ours and the baselines were
 * measured minutes apart, each once. A round measures all of them one after the other: x264
 * alone on the stills, ours (the project rendered again with subtitles off, its pages not cached;
 * stills, sprites and soundtrack pieces found, as a render after switching subtitles off finds
 * them), the naive baseline and x264 on the frames ours just made (the limit of this render: its
 * moving presenter costs x264 more than a still). Ours runs between the two baselines it is
 * compared with, so the machine's speed moves as little as it can between ours and each of them
 * (x264 alone used to run after the naive baseline's two minutes). Ratios are taken within each
 * round; the round with the median ratio is reported.
 */

/** One round's measurements: wall ms and CPU s of each. */
export interface Round {
  ours: { ms: number; cpuS: number };
  naive: { ms: number; cpuS: number };
  encoder: { ms: number; cpuS: number };
  /** x264 on the round's own frames, CPU s (baselines.ts encoderOnFrames). */
  framesCpuS: number;
}

type Measured = () => Promise<{ ms: number; cpuS: number }>;

/** `count` rounds; `forget` runs before each render of ours (it empties the page cache). */
export async function benchRounds(
  count: number,
  steps: {
    ours: Measured;
    naive: Measured;
    encoder: Measured;
    /** x264 on the frames of the `ours` just measured. */
    frames: () => Promise<number>;
    forget: () => void;
  },
): Promise<Round[]> {
  const rounds: Round[] = [];
  for (let k = 0; k < count; k++) {
    const encoder = await steps.encoder();
    steps.forget();
    const ours = await steps.ours();
    const naive = await steps.naive();
    rounds.push({ ours, naive, encoder, framesCpuS: await steps.frames() });
  }
  return rounds;
}

/** The median of `values` (the lower middle one of an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** Each round's CPU ratios: x264 alone / ours (<= 1), naive / ours, x264 on our frames / ours; medians. */
export function roundRatios(rounds: Round[]) {
  const ratio = (of: (r: Round) => number) => rounds.map((r) => +(of(r) / r.ours.cpuS).toFixed(3));
  const vsEncoder = ratio((r) => r.encoder.cpuS);
  const vsNaive = ratio((r) => r.naive.cpuS);
  const vsFrames = ratio((r) => r.framesCpuS);
  return {
    vsEncoder,
    vsNaive,
    vsFrames,
    medianVsEncoder: median(vsEncoder),
    medianVsNaive: median(vsNaive),
    medianVsFrames: median(vsFrames),
  };
}
