import { transfer } from 'comlink';
import { lazyWorker } from './lazyWorker';
import { waveformPeaksApi, type PeaksResult, type WaveformPeaksApi } from './waveformPeaksApi';

export type { PeaksResult } from './waveformPeaksApi';

const peaksWorker = lazyWorker<WaveformPeaksApi>(
  () => new Worker(new URL('./waveformPeaks.worker.ts', import.meta.url), { type: 'module' }),
  waveformPeaksApi,
);

/**
 * Min/max peaks of `buckets` spans of `pcm`, computed off the main thread. `pcm` travels to the
 * worker and back without copying: use the returned `pcm`, the one passed in is detached.
 */
export function computePeaksOffThread(pcm: Float32Array, buckets: number): Promise<PeaksResult> {
  return peaksWorker.run(
    (remote) => remote.peaks(transfer(pcm, [pcm.buffer]), buckets),
    (api) => api.peaks(pcm, buckets),
  );
}

/** Stops the peaks worker now (it also stops by itself when idle). */
export function terminatePeaksWorker(): void {
  peaksWorker.terminate();
}
