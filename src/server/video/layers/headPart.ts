import type { CharacterItem } from '../../../api/library.contract';
import type { RigFiles } from '../planTypes';

/**
 * The render files of a layered rig: the torso becomes the still part (`body`) and the head a
 * moving part over it. `file` turns a library URL into a checked file on disk.
 */
export function layeredParts(
  parts: NonNullable<CharacterItem['rig']['parts']>,
  file: (url: string) => string,
): Pick<RigFiles, 'body' | 'head'> {
  return {
    body: file(parts.torso),
    head: { file: file(parts.head), box: parts.headBox, pivot: parts.pivot },
  };
}
