import type { CharacterItem } from '../../../api/library.contract';
import type { PagePart, RigFiles } from '../planTypes';

/**
 * The render files of a layered rig: the torso becomes the still part (`body`) and the head a
 * moving part over it; the whole figure, when drawn, is kept for 人物全身. `file` turns a library
 * URL into a checked file on disk.
 */
export function layeredParts(
  parts: NonNullable<CharacterItem['rig']['parts']>,
  file: (url: string) => string,
): Pick<RigFiles, 'body' | 'head' | 'whole'> {
  return {
    body: file(parts.torso),
    head: { file: file(parts.head), box: parts.headBox, pivot: parts.pivot },
    ...(parts.full ? { whole: { body: file(parts.full.torso), height: parts.full.height } } : {}),
  };
}

/** The rig a shot part draws: the whole figure in a 人物全身 part of a rig that has one. */
export function partRig(rig: RigFiles, part: Pick<PagePart, 'whole'>): RigFiles {
  if (!part.whole || !rig.whole) return rig;
  return { ...rig, body: rig.whole.body, height: rig.whole.height };
}
