import { transfer } from 'comlink';
import type { GifFrames } from './gifFrames';
import { gifFramesApi, type GifFramesApi } from './gifFramesApi';
import { lazyWorker } from './lazyWorker';

export type { GifFrames } from './gifFrames';

const gifWorker = lazyWorker<GifFramesApi>(
  () => new Worker(new URL('./gifFrames.worker.ts', import.meta.url), { type: 'module' }),
  gifFramesApi,
);

/**
 * The frames of the GIF at `url` (or in `bytes`), decoded off the main thread, so loading ten GIFs
 * never blocks a gesture. The caller owns the bitmaps and closes them when done.
 */
export async function decodeGif(source: string | ArrayBuffer): Promise<GifFrames> {
  const bytes =
    typeof source === 'string'
      ? await fetch(source, { credentials: 'include' }).then((r) => {
          if (!r.ok) throw new Error(`${r.status} ${source}`);
          return r.arrayBuffer();
        })
      : source;
  return gifWorker.run(
    (remote) => remote.decode(transfer(bytes, [bytes])),
    (api) => api.decode(bytes),
  );
}

/** Stops the GIF worker now (it also stops by itself when idle). */
export function terminateGifWorker(): void {
  gifWorker.terminate();
}
