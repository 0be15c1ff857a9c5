import type { CharacterItem } from '../../../api/library.contract';
import type { ArmParts } from '../../../api/library.contract';
import type { ArmFiles, PagePart, RigFiles } from '../planTypes';

/**
 * The render files of a layered rig: the torso becomes the still part (`body`) and the head a
 * moving part over it; the arms parts and the whole figure (人物全身), when drawn, are kept.
 * `file` turns a library URL into a checked file on disk.
 */
export function layeredParts(
  parts: NonNullable<CharacterItem['rig']['parts']>,
  file: (url: string) => string,
): Pick<RigFiles, 'body' | 'head' | 'whole' | 'arms'> {
  const posed = (urls: ArmParts['hands']) => ({
    rest: file(urls.rest),
    palm: file(urls.palm),
    pointLeft: file(urls.pointLeft),
    pointRight: file(urls.pointRight),
  });
  const armFiles = (urls: ArmParts): ArmFiles => ({
    bare: file(urls.bare),
    pictures: posed(urls.pictures),
    hands: posed(urls.hands),
  });
  const full = parts.full;
  return {
    body: file(parts.torso),
    head: { file: file(parts.head), box: parts.headBox, pivot: parts.pivot },
    ...(parts.arms ? { arms: armFiles(parts.arms) } : {}),
    ...(full
      ? {
          whole: {
            body: file(full.torso),
            height: full.height,
            ...(full.arms ? { arms: armFiles(full.arms) } : {}),
          },
        }
      : {}),
  };
}

/** The rig a shot part draws: the whole figure in a 人物全身 part of a rig that has one. */
export function partRig(rig: RigFiles, part: Pick<PagePart, 'whole'>): RigFiles {
  if (!part.whole || !rig.whole) return rig;
  // The mid-thigh arms parts do not fit the taller canvas: the whole figure's own, or none.
  return { ...rig, body: rig.whole.body, height: rig.whole.height, arms: rig.whole.arms };
}
