import { useCallback, useEffect, useState } from 'react';
import type { Texture } from 'pixi.js';
import type { ArmParts, CharacterItem } from '../../../api/library.contract';
import type { TorsoPose } from '../../../model/motion';
import { acquireImage, releaseImage } from '../textureStore';

/*
 * The pictures of a presenter's sprite rig the stage swaps while it talks: mouths, eye pictures and
 * the arms in each gesture's pose, each set loaded and released together.
 */

export const hasRig = (c: CharacterItem | null): c is CharacterItem =>
  !!c && !!c.rig.body && !!c.rig.mouths.X && c.width > 0 && c.height > 0;

/**
 * The pictures `entries` names for `source`, by name, loaded together and released when the
 * source changes; null until loaded and for no source. `entries` must keep its identity.
 */
function useTextureSet<T>(source: T | null | undefined, entries: (source: T) => [string, string][]) {
  const [set, setSet] = useState<{ source: T; textures: Record<string, Texture> } | null>(null);
  useEffect(() => {
    if (source === null || source === undefined) return;
    const urls = entries(source);
    let live = true;
    void Promise.all(urls.map(([, url]) => acquireImage(url).catch(() => null))).then((loaded) => {
      if (!live) return;
      const textures: Record<string, Texture> = {};
      urls.forEach(([name], i) => loaded[i] && (textures[name] = loaded[i]));
      setSet({ source, textures });
    });
    return () => {
      live = false;
      urls.forEach(([, url]) => releaseImage(url));
    };
  }, [source, entries]);
  return set && set.source === source ? set.textures : null;
}

/** The mouth sprites of a rig by shape (and its eye pictures: blink, brows), loaded and released together. */
export function useMouthTextures(art: CharacterItem | null, resolve: (p: string) => string) {
  const entries = useCallback(
    (rig: CharacterItem) => {
      const urls = Object.entries(rig.rig.mouths).map(([shape, path]): [string, string] => [
        shape,
        resolve(path),
      ]);
      if (rig.rig.blink) urls.push(['blink', resolve(rig.rig.blink)]);
      if (rig.rig.brows) urls.push(['brows', resolve(rig.rig.brows)]);
      return urls;
    },
    [resolve],
  );
  return useTextureSet(hasRig(art) ? art : null, entries);
}

/**
 * The arms parts of a layered rig (mid-thigh or whole figure), loaded together: the bare torso as
 * `bare`, and the arms picture of each torso pose by pose.
 */
export function useArmTextures(
  arms: ArmParts | undefined,
  resolve: (p: string) => string,
): Partial<Record<TorsoPose | 'bare', Texture>> | null {
  const entries = useCallback(
    (set: ArmParts) => [
      ['bare', resolve(set.bare)] as [string, string],
      ...Object.entries(set.pictures).map(([pose, path]): [string, string] => [pose, resolve(path)]),
    ],
    [resolve],
  );
  return useTextureSet(arms, entries);
}
