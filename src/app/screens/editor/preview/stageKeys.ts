import type { KeyboardEvent } from 'react';
import { deleteSelection, nudgeSelection, selectOnStage } from '../../../state/editorStickers';
import { showMessage } from '../../../state/messages';

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * Keys of the focused preview, as in slide editors: Arrow keys nudge the selected item by 1 unit
 * (Shift: 10), Delete/Backspace removes the selected sticker, Escape clears the selection. Each
 * press is one undo step; Ctrl+Z stays with the editor's shortcuts.
 */
export function onStageKeyDown(e: KeyboardEvent<HTMLElement>): void {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const arrow = ARROWS[e.key];
  let result = null;
  if (arrow) {
    e.preventDefault();
    const step = e.shiftKey ? 10 : 1;
    result = nudgeSelection(arrow[0] * step, arrow[1] * step);
  } else if (e.key === 'Delete' || e.key === 'Backspace') {
    e.preventDefault();
    result = deleteSelection();
  } else if (e.key === 'Escape') {
    selectOnStage(null);
  }
  if (result && !result.ok) showMessage('error', result.error);
}
