import { ImageSource, Texture } from 'pixi.js';
import { decodeGif } from '../../workers/gifDecoder';

/*
 * The one owner of the stage's textures. Every picture and GIF the stages show is loaded here,
 * counted per user (a sprite that shows it), and destroyed with its GPU memory and decoded bitmap
 * when the last user lets go: closing a page or a project gives everything back. Pictures are
 * decoded off the main thread by createImageBitmap, GIF frames in a worker (gifFramesApi), so a
 * page full of stickers never blocks a gesture.
 */

/** An animated GIF as textures, one per frame, with each frame's own delay. */
export interface GifTextures {
  frames: Texture[];
  delays: number[];
  width: number;
  height: number;
}

interface Entry<T> {
  users: number;
  value: Promise<T>;
  /** Pixel bytes (width x height x 4 per frame) and textures held, once loaded. */
  bytes: number;
  textures: number;
  dispose(): void;
}

const images = new Map<string, Entry<Texture>>();
let loading = 0;
/** How many times each picture or GIF was loaded (again after its last user let go, too). */
const loads = new Map<string, number>();
const gifs = new Map<string, Entry<GifTextures>>();

function textureOf(bitmap: ImageBitmap): Texture {
  return new Texture({
    source: new ImageSource({ resource: bitmap, alphaMode: 'premultiply-alpha-on-upload' }),
  });
}

function destroyTexture(t: Texture): void {
  const bitmap = t.source.resource as ImageBitmap | undefined;
  t.destroy(true);
  bitmap?.close?.();
}

async function fetchBlob(url: string): Promise<Blob> {
  const res = await fetch(url, { credentials: 'include' });
  if (!res.ok) throw new Error(`${res.status} ${url}`);
  return res.blob();
}

function acquire<T>(
  map: Map<string, Entry<T>>,
  url: string,
  load: () => Promise<T>,
  size: (v: T) => { bytes: number; textures: number },
  dispose: (v: T) => void,
): Promise<T> {
  let entry = map.get(url);
  if (!entry) {
    loading++;
    loads.set(url, (loads.get(url) ?? 0) + 1);
    const value = load();
    void value.then(
      () => loading--,
      () => loading--,
    );
    const made: Entry<T> = { users: 0, value, bytes: 0, textures: 0, dispose: () => undefined };
    made.dispose = () => void value.then(dispose, () => undefined);
    value.then(
      (v) => Object.assign(made, size(v)),
      // A failed load is forgotten, so the next user tries again.
      () => map.get(url) === made && map.delete(url),
    );
    map.set(url, made);
    entry = made;
  }
  entry.users++;
  return entry.value;
}

function release<T>(map: Map<string, Entry<T>>, url: string): void {
  const entry = map.get(url);
  if (!entry || --entry.users > 0) return;
  map.delete(url);
  entry.dispose();
}

/** The texture of the picture at `url`, loaded once for all its users. Pair with releaseImage. */
export function acquireImage(url: string): Promise<Texture> {
  return acquire(
    images,
    url,
    async () => textureOf(await createImageBitmap(await fetchBlob(url))),
    (t) => ({ bytes: t.width * t.height * 4, textures: 1 }),
    destroyTexture,
  );
}

/** One user of `url` lets go; the texture is destroyed with its last user. */
export function releaseImage(url: string): void {
  release(images, url);
}

/** The frames of the GIF at `url`, decoded in a worker once for all its users. Pair with releaseGif. */
export function acquireGif(url: string): Promise<GifTextures> {
  return acquire(
    gifs,
    url,
    async () => {
      const gif = await decodeGif(url);
      return {
        frames: gif.frames.map((f) => textureOf(f.bitmap)),
        delays: gif.frames.map((f) => f.delayMs),
        width: gif.width,
        height: gif.height,
      };
    },
    (g) => ({ bytes: g.width * g.height * 4 * g.frames.length, textures: g.frames.length }),
    (g) => g.frames.forEach(destroyTexture),
  );
}

/** One user of the GIF at `url` lets go. */
export function releaseGif(url: string): void {
  release(gifs, url);
}

/** How many textures are held and their pixel bytes: back to the start once every stage closed. */
export function textureStats(): { images: number; gifs: number; textures: number; bytes: number } {
  let bytes = 0;
  let textures = 0;
  for (const e of [...images.values(), ...gifs.values()]) {
    bytes += e.bytes;
    textures += e.textures;
  }
  return { images: images.size, gifs: gifs.size, textures, bytes };
}

/** Loads so far by address: a browser test checks that opening a project loads nothing twice. */
export function textureLoads(): Record<string, number> {
  return Object.fromEntries(loads);
}

/** Pictures and GIFs still loading (a test or the bench waits for 0 before measuring). */
export function pendingLoads(): number {
  return loading;
}

// Support and the browser tests read the totals after every stage has closed (no stage API then).
if (typeof window !== 'undefined')
  Object.assign(window, { presenterStageTextures: textureStats, presenterStageLoads: textureLoads });
