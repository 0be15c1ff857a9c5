import { useCallback, useEffect, useMemo, useState } from 'react';
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
      // Released textures may be destroyed: the same source coming back loads them again.
      setSet((held) => (held?.source === source ? null : held));
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

/** The textures of a layered rig's limb parts: the bare torso, and the arms and hands by pose. */
export interface LimbTextures {
  bare: Texture;
  arms: Record<TorsoPose, Texture>;
  hands: Record<TorsoPose, Texture>;
}

const POSES: TorsoPose[] = ['rest', 'palm', 'pointLeft', 'pointRight'];

/** The limb parts of a layered rig (mid-thigh or whole figure), loaded together; null until all are. */
export function useArmTextures(
  arms: ArmParts | undefined,
  resolve: (p: string) => string,
): LimbTextures | null {
  const entries = useCallback(
    (set: ArmParts) => [
      ['bare', resolve(set.bare)] as [string, string],
      ...POSES.map((pose): [string, string] => [`arms-${pose}`, resolve(set.pictures[pose])]),
      ...POSES.map((pose): [string, string] => [`hands-${pose}`, resolve(set.hands[pose])]),
    ],
    [resolve],
  );
  const loaded = useTextureSet(arms, entries);
  return useMemo(() => {
    if (!loaded?.bare || POSES.some((p) => !loaded[`arms-${p}`] || !loaded[`hands-${p}`])) return null;
    const by = (part: string) => Object.fromEntries(POSES.map((p) => [p, loaded[`${part}-${p}`]]));
    return { bare: loaded.bare, arms: by('arms'), hands: by('hands') } as LimbTextures;
  }, [loaded]);
}
