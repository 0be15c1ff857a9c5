import type { KeyboardEvent } from 'react';
import {
  commandForKey,
  deleteTexture,
  NUDGE_DIRECTIONS,
  nudgeItem,
  type ProjectDocument,
  type Result,
} from '../../../../model/project';
import { deleteSelection, nudgeSelection, selectOnStage } from '../../../state/editorStickers';
import { showMessage } from '../../../state/messages';

/** How the preview runs each keyed command on its selection, by command name. */
const RUN_ON_SELECTION: Record<string, (e: KeyboardEvent<HTMLElement>) => Result<ProjectDocument> | null> = {
  [nudgeItem.name]: (e) => {
    const [dx, dy] = NUDGE_DIRECTIONS[e.key];
    const step = e.shiftKey ? 10 : 1;
    return nudgeSelection(dx * step, dy * step);
  },
  [deleteTexture.name]: () => deleteSelection(),
};

/**
 * Keys of the focused preview, as in slide editors: the commands' own keys (Arrow keys nudge the
 * selected item by 1 unit, Shift: 10; Delete/Backspace removes the selected sticker), and Escape
 * clears the selection. Each press is one undo step; Ctrl+Z stays with the editor's shortcuts.
 */
export function onStageKeyDown(e: KeyboardEvent<HTMLElement>): void {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === 'Escape') return selectOnStage(null);
  const run = RUN_ON_SELECTION[commandForKey(e.key)?.name ?? ''];
  if (!run) return;
  e.preventDefault();
  const result = run(e);
  if (result && !result.ok) showMessage('error', result.error);
}
