import type { SceneItem } from '../../../../api/library.contract';
import { dispatch, doc } from '../../../state/editor';
import { characters } from '../../../state/library';
import { showMessage } from '../../../state/messages';
import { chooseLibraryScene } from './libraryCommands';

/** Applies a scene to the open project (one undo step); the presenter is refitted on a new orientation. */
export function applyScene(s: SceneItem): boolean {
  const current = doc.value;
  if (!current) return false;
  // The presenter's natural size lets an orientation change refit it exactly.
  const c = characters.items.value.find((x) => x.id === current.character.uuid);
  const natural = c && c.width > 0 && c.height > 0 ? { width: c.width, height: c.height } : undefined;
  const result = dispatch(chooseLibraryScene, s, natural);
  if (!result.ok) showMessage('error', result.error);
  return result.ok;
}
