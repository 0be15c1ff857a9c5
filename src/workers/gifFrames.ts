import { decodeGifFrames, playedDelay } from '../model/gifFrames';

/*
 * The stage's GIF frames as bitmaps: WebCodecs' ImageDecoder where the browser has it, else the
 * shared decoder in src/model/gifFrames.ts (run by the worker, gifFrames.worker.ts, or by the main
 * thread where workers are missing).
 */

/** A GIF's frames as bitmaps ready to become textures. */
export interface GifFrames {
  width: number;
  height: number;
  frames: { bitmap: ImageBitmap; delayMs: number }[];
}

interface DecodedVideoFrame {
  image: VideoFrame;
}
interface GifImageDecoder {
  tracks: { ready: Promise<unknown>; selectedTrack: { frameCount: number } | null };
  decode(o: { frameIndex: number }): Promise<DecodedVideoFrame>;
  close(): void;
}
type ImageDecoderCtor = new (init: { data: ArrayBuffer; type: string }) => GifImageDecoder;

/** Frames as bitmaps: WebCodecs' ImageDecoder where the browser has it, else the decoder above. */
export async function decodeGifBitmaps(bytes: ArrayBuffer): Promise<GifFrames> {
  const Decoder = (globalThis as { ImageDecoder?: ImageDecoderCtor }).ImageDecoder;
  if (Decoder) {
    try {
      return await withImageDecoder(Decoder, bytes);
    } catch {
      // A file WebCodecs refuses may still decode below.
    }
  }
  const gif = decodeGifFrames(bytes);
  const frames = await Promise.all(
    gif.frames.map(async (f) => ({
      bitmap: await createImageBitmap(
        new ImageData(f.rgba as Uint8ClampedArray<ArrayBuffer>, gif.width, gif.height),
      ),
      delayMs: f.delayMs,
    })),
  );
  return { width: gif.width, height: gif.height, frames };
}

async function withImageDecoder(Decoder: ImageDecoderCtor, bytes: ArrayBuffer): Promise<GifFrames> {
  const decoder = new Decoder({ data: bytes.slice(0), type: 'image/gif' });
  try {
    await decoder.tracks.ready;
    const count = decoder.tracks.selectedTrack?.frameCount ?? 1;
    const frames: GifFrames['frames'] = [];
    let size = { width: 0, height: 0 };
    for (let i = 0; i < count; i++) {
      const { image } = await decoder.decode({ frameIndex: i });
      size = { width: image.displayWidth, height: image.displayHeight };
      // VideoFrame.duration is in microseconds.
      const delayMs = playedDelay((image.duration ?? 0) / 1000);
      frames.push({ bitmap: await createImageBitmap(image), delayMs });
      image.close();
    }
    return { ...size, frames };
  } finally {
    decoder.close();
  }
}
