import type { CharacterItem } from '../../../api/library.contract';
import type { PagePart, RigFiles, TorsoPictures } from '../planTypes';

/**
 * The render files of a layered rig: the torso becomes the still part (`body`) and the head a
 * moving part over it; the torsos of the gesture poses and the whole figure (人物全身), when drawn,
 * are kept. `file` turns a library URL into a checked file on disk.
 */
export function layeredParts(
  parts: NonNullable<CharacterItem['rig']['parts']>,
  file: (url: string) => string,
): Pick<RigFiles, 'body' | 'head' | 'whole' | 'poses'> {
  const pictures = (urls: Record<keyof TorsoPictures, string>): TorsoPictures => ({
    palm: file(urls.palm),
    pointLeft: file(urls.pointLeft),
    pointRight: file(urls.pointRight),
  });
  const full = parts.full;
  return {
    body: file(parts.torso),
    head: { file: file(parts.head), box: parts.headBox, pivot: parts.pivot },
    ...(parts.poses ? { poses: pictures(parts.poses) } : {}),
    ...(full
      ? {
          whole: {
            body: file(full.torso),
            height: full.height,
            ...(full.poses ? { poses: pictures(full.poses) } : {}),
          },
        }
      : {}),
  };
}

/** The rig a shot part draws: the whole figure in a 人物全身 part of a rig that has one. */
export function partRig(rig: RigFiles, part: Pick<PagePart, 'whole'>): RigFiles {
  if (!part.whole || !rig.whole) return rig;
  // The mid-thigh gesture pictures do not fit the taller canvas: the whole figure's own, or none.
  return { ...rig, body: rig.whole.body, height: rig.whole.height, poses: rig.whole.poses };
}
