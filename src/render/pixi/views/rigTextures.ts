import { useEffect, useState } from 'react';
import type { Texture } from 'pixi.js';
import type { CharacterItem } from '../../../api/library.contract';
import type { TorsoPose } from '../../../model/motion';
import { acquireImage, releaseImage } from '../textureStore';

/*
 * The pictures of a presenter's sprite rig the stage swaps while it talks: mouths, eye pictures and
 * the gesture poses' torsos, each set loaded and released together.
 */

export const hasRig = (c: CharacterItem | null): c is CharacterItem =>
  !!c && !!c.rig.body && !!c.rig.mouths.X && c.width > 0 && c.height > 0;

/** The mouth sprites of a rig by shape (and its eye pictures: blink, brows), loaded and released together. */
export function useMouthTextures(art: CharacterItem | null, resolve: (p: string) => string) {
  const [set, setSet] = useState<{ art: CharacterItem; textures: Record<string, Texture> } | null>(null);
  useEffect(() => {
    if (!hasRig(art)) return;
    const urls = Object.entries(art.rig.mouths).map(([shape, path]) => [shape, resolve(path)] as const);
    if (art.rig.blink) urls.push(['blink', resolve(art.rig.blink)]);
    if (art.rig.brows) urls.push(['brows', resolve(art.rig.brows)]);
    let live = true;
    void Promise.all(urls.map(([, url]) => acquireImage(url).catch(() => null))).then((loaded) => {
      if (!live) return;
      const textures: Record<string, Texture> = {};
      urls.forEach(([shape], i) => loaded[i] && (textures[shape] = loaded[i]));
      setSet({ art, textures });
    });
    return () => {
      live = false;
      urls.forEach(([, url]) => releaseImage(url));
    };
  }, [art, resolve]);
  return set?.art === art ? set.textures : null;
}

/** The torso pictures of a layered rig's gestures (mid-thigh or whole figure), loaded together. */
export function usePoseTextures(
  poses: Record<Exclude<TorsoPose, 'rest'>, string> | undefined,
  resolve: (p: string) => string,
) {
  const [set, setSet] = useState<{
    poses: typeof poses;
    textures: Partial<Record<TorsoPose, Texture>>;
  } | null>(null);
  useEffect(() => {
    if (!poses) return;
    const urls = Object.entries(poses).map(([pose, path]) => [pose as TorsoPose, resolve(path)] as const);
    let live = true;
    void Promise.all(urls.map(([, url]) => acquireImage(url).catch(() => null))).then((loaded) => {
      if (!live) return;
      const textures: Partial<Record<TorsoPose, Texture>> = {};
      urls.forEach(([pose], i) => loaded[i] && (textures[pose] = loaded[i]));
      setSet({ poses, textures });
    });
    return () => {
      live = false;
      urls.forEach(([, url]) => releaseImage(url));
    };
  }, [poses, resolve]);
  return set && set.poses === poses ? set.textures : null;
}
