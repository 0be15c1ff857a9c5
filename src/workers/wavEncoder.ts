import { transfer } from 'comlink';
import { lazyWorker } from './lazyWorker';
import { RECORDING_SAMPLE_RATE } from './wav';
import { wavEncoderApi, type WavEncoderApi } from './wavEncoderApi';

const encoder = lazyWorker<WavEncoderApi>(
  () => new Worker(new URL('./wavEncoder.worker.ts', import.meta.url), { type: 'module' }),
  wavEncoderApi,
);

/**
 * Encodes mono PCM as a 16-bit WAV off the main thread. `pcm`'s buffer is transferred to the
 * worker, so the caller must not use it afterwards.
 */
export function encodeWavOffThread(
  pcm: Float32Array,
  sampleRate: number = RECORDING_SAMPLE_RATE,
): Promise<Uint8Array> {
  return encoder.run(
    (remote) => remote.encode(transfer(pcm, [pcm.buffer]), sampleRate),
    (api) => api.encode(pcm, sampleRate),
  );
}

/** Stops the encoder worker now (it also stops by itself when idle). */
export function terminateWavEncoder(): void {
  encoder.terminate();
}
