import { decodeGifBitmaps, type GifFrames } from './gifFrames';

/** What the GIF decoder worker offers (the same object runs on the main thread as the fallback). */
export const gifFramesApi = {
  /** Every frame of the GIF in `bytes`, with its delay. */
  decode(bytes: ArrayBuffer): Promise<GifFrames> {
    return decodeGifBitmaps(bytes);
  },
};

export type GifFramesApi = typeof gifFramesApi;
