import { expose, transfer } from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyWorker } from '../../../src/workers/lazyWorker';
import { wavEncoderApi, type WavEncoderApi } from '../../../src/workers/wavEncoderApi';

/** A stand-in Worker: one end of a MessageChannel, the API exposed on the other end. */
function fakeWorker(terminated: () => void): Worker {
  const { port1, port2 } = new MessageChannel();
  expose(
    {
      encode: (pcm: Float32Array, rate: number) => {
        const bytes = wavEncoderApi.encode(pcm, rate);
        return transfer(bytes, [bytes.buffer]);
      },
    },
    port2,
  );
  return Object.assign(port1, {
    terminate: () => {
      port1.close();
      port2.close();
      terminated();
    },
  }) as unknown as Worker;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('lazyWorker', () => {
  it('uses the main-thread API when Worker does not exist', async () => {
    const create = vi.fn();
    const w = lazyWorker<WavEncoderApi>(create, wavEncoderApi);
    const out = await w.run(
      () => Promise.reject(new Error('no worker expected')),
      (api) => api.encode(new Float32Array(2), 48000),
    );
    expect(out.length).toBe(48);
    expect(create).not.toHaveBeenCalled();
  });

  it('starts on first use, transfers the buffer and terminates after being idle', async () => {
    vi.stubGlobal('Worker', function NotUsed() {});
    const terminated = vi.fn();
    const create = vi.fn(() => fakeWorker(terminated));
    const w = lazyWorker<WavEncoderApi>(create, wavEncoderApi, 30);
    const pcm = Float32Array.from([0.5, -0.5]);
    const out = await w.run(
      (remote) => remote.encode(transfer(pcm, [pcm.buffer]), 48000),
      () => {
        throw new Error('fallback not expected');
      },
    );
    expect(pcm.byteLength).toBe(0); // transferred, not copied
    expect(Array.from(out.subarray(44))).toEqual([0x00, 0x40, 0x00, 0xc0]);
    expect(w.alive).toBe(true);
    // A second call reuses the same worker.
    await w.run(
      (remote) => remote.encode(new Float32Array(1), 48000),
      () => new Uint8Array(),
    );
    expect(create).toHaveBeenCalledTimes(1);
    await new Promise((r) => setTimeout(r, 80));
    expect(w.alive).toBe(false);
    expect(terminated).toHaveBeenCalledTimes(1);
  });

  it('falls back when the worker cannot be created', async () => {
    vi.stubGlobal('Worker', function NotUsed() {});
    const w = lazyWorker<WavEncoderApi>(() => {
      throw new Error('blocked by CSP');
    }, wavEncoderApi);
    const out = await w.run(
      () => Promise.reject(new Error('no worker expected')),
      (api) => api.encode(new Float32Array(1), 48000),
    );
    expect(out.length).toBe(46);
  });

  it('falls back with the data intact when the worker fails to load', async () => {
    vi.stubGlobal('Worker', function NotUsed() {});
    // A worker whose script never loads: it takes messages, never answers, then reports an error.
    const dead = Object.assign(new EventTarget(), {
      postMessage: vi.fn(),
      terminate: vi.fn(),
    }) as unknown as Worker;
    const w = lazyWorker<WavEncoderApi>(() => dead, wavEncoderApi);
    const pcm = Float32Array.from([0.5]);
    const pending = w.run(
      (remote) => remote.encode(transfer(pcm, [pcm.buffer]), 48000),
      (api) => api.encode(pcm, 48000),
    );
    setTimeout(() => dead.dispatchEvent(new Event('error')), 10);
    const out = await pending;
    expect(Array.from(out.subarray(44))).toEqual([0x00, 0x40]);
    expect(w.alive).toBe(false);
    // Later calls go straight to the main thread.
    expect(
      (
        await w.run(
          () => Promise.reject(new Error('x')),
          (api) => api.encode(pcm, 48000),
        )
      ).length,
    ).toBe(46);
  });
});
