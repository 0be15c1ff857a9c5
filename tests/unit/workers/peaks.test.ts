import { describe, expect, it } from 'vitest';
import { chunkPeak, computePeaks } from '../../../src/workers/peaks';
import { computePeaksOffThread } from '../../../src/workers/waveformPeaks';

/** Straightforward reference: slice each bucket and take Math.min/Math.max. */
function referencePeaks(pcm: Float32Array, buckets: number) {
  const min: number[] = [];
  const max: number[] = [];
  for (let b = 0; b < buckets; b++) {
    const span = Array.from(
      pcm.subarray(Math.floor((b * pcm.length) / buckets), Math.floor(((b + 1) * pcm.length) / buckets)),
    );
    min.push(span.length ? Math.min(...span) : 0);
    max.push(span.length ? Math.max(...span) : 0);
  }
  return { min: Float32Array.from(min), max: Float32Array.from(max) };
}

describe('computePeaks', () => {
  it('gives each bucket its min and max', () => {
    const pcm = Float32Array.from([0, 0.5, -0.25, 1, -1, 0.75, 0.1, -0.1]);
    const { min, max } = computePeaks(pcm, 4);
    expect(Array.from(min)).toEqual([0, -0.25, -1, -0.10000000149011612]);
    expect(Array.from(max)).toEqual([0.5, 1, 0.75, 0.10000000149011612]);
  });

  it('matches a reference on uneven bucket sizes', () => {
    const pcm = new Float32Array(10007).map((_, i) => Math.sin(i * 0.013) * Math.cos(i * 0.0007));
    for (const buckets of [1, 7, 100, 1200])
      expect(computePeaks(pcm, buckets)).toEqual(referencePeaks(pcm, buckets));
  });

  it('leaves buckets without samples at 0', () => {
    const { min, max } = computePeaks(Float32Array.from([0.5, -0.5]), 4);
    expect(Array.from(max)).toEqual([0, 0.5, 0, -0.5]);
    expect(Array.from(min)).toEqual([0, 0.5, 0, -0.5]);
    expect(computePeaks(new Float32Array(0), 3).min).toEqual(new Float32Array(3));
  });

  it('chunkPeak finds the extremes of a span', () => {
    const pcm = Float32Array.from([0.25, -0.5, 0.75, 0]);
    expect(chunkPeak(pcm)).toEqual([-0.5, 0.75]);
    expect(chunkPeak(pcm, 2, 4)).toEqual([0, 0.75]);
    expect(chunkPeak(pcm, 2, 2)).toEqual([0, 0]);
  });

  it('runs on the main thread without Worker and hands the samples back', async () => {
    const pcm = Float32Array.from([0.1, -0.2, 0.3, -0.4]);
    const r = await computePeaksOffThread(pcm, 2);
    expect(r.pcm).toEqual(Float32Array.from([0.1, -0.2, 0.3, -0.4]));
    expect(Array.from(r.max)).toEqual([Math.fround(0.1), Math.fround(0.3)]);
  });
});
