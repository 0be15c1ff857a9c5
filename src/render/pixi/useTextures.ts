import { useEffect, useState } from 'react';
import type { Texture } from 'pixi.js';
import { acquireGif, acquireImage, releaseGif, releaseImage, type GifTextures } from './textureStore';

/** Spec 4: a broken page picture is retried with a cache-busting query after 4 seconds. */
export const RETRY_MS = 4000;

/** What loading a picture gives: the texture, or that it failed (after its one retry). */
export interface Loaded<T> {
  value: T | null;
  failed: boolean;
}

/**
 * Drops what was loaded for `url` once it is released: its texture may be destroyed now, and a
 * view whose url comes back to it (A, B, A before B loads: a presenter's picture while its rig
 * loads, a sticker whose path gets a new ?t= and then the old one) must load it again rather than
 * draw the destroyed one (Pixi throws reading its null source).
 */
function forget<T>(url: string) {
  return (state: { url: string; loaded: Loaded<T> }) => (state.url === url ? NOTHING_YET : state);
}
const NOTHING_YET = { url: '', loaded: { value: null, failed: false } };

/**
 * The texture of the picture at `url` ('' for none) for as long as the view shows it; released
 * when the view goes or shows another. A failed load is retried once after 4 s with ?t=.
 */
export function useImageTexture(url: string): Loaded<Texture> {
  const [state, setState] = useState<{ url: string; loaded: Loaded<Texture> }>({
    url: '',
    loaded: { value: null, failed: false },
  });
  useEffect(() => {
    if (!url) return;
    let live = true;
    let held = '';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = (src: string, retry: boolean) => {
      held = src;
      acquireImage(src).then(
        (t) => live && setState({ url, loaded: { value: t, failed: false } }),
        () => {
          releaseImage(src);
          held = '';
          if (!live) return;
          if (!retry) return setState({ url, loaded: { value: null, failed: true } });
          timer = setTimeout(
            () => load(`${src}${src.includes('?') ? '&' : '?'}t=${Date.now()}`, false),
            RETRY_MS,
          );
        },
      );
    };
    load(url, true);
    return () => {
      live = false;
      clearTimeout(timer);
      if (held) releaseImage(held);
      setState(forget(url));
    };
  }, [url]);
  return state.url === url ? state.loaded : { value: null, failed: false };
}

/** The frames of the GIF at `url` for as long as the view shows it. */
export function useGifTextures(url: string): Loaded<GifTextures> {
  const [state, setState] = useState<{ url: string; loaded: Loaded<GifTextures> }>({
    url: '',
    loaded: { value: null, failed: false },
  });
  useEffect(() => {
    if (!url) return;
    let live = true;
    acquireGif(url).then(
      (g) => live && setState({ url, loaded: { value: g, failed: false } }),
      () => live && setState({ url, loaded: { value: null, failed: true } }),
    );
    return () => {
      live = false;
      releaseGif(url);
      setState(forget(url));
    };
  }, [url]);
  return state.url === url ? state.loaded : { value: null, failed: false };
}
