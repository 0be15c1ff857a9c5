import { useEffect } from 'react';
import { redo, undo } from '../../state/editor';

/** Is the event target a place where the author types (where Ctrl+Z belongs to the text)? */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Editor keys: Ctrl+Z undo, Ctrl+Shift+Z (or Ctrl+Y) redo, except while typing, where the text
 * box keeps its own undo; Ctrl+S saves a draft everywhere (the browser's save dialog is useless here).
 */
export function useEditorShortcuts(saveDraft: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const key = e.key.toLowerCase();
      if (key === 's') {
        e.preventDefault();
        saveDraft();
        return;
      }
      if (isTyping(e.target) || document.querySelector('.ui.modals.active')) return;
      if (key === 'z' && !e.shiftKey) {
        e.preventDefault();
        undo();
      } else if ((key === 'z' && e.shiftKey) || key === 'y') {
        e.preventDefault();
        redo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [saveDraft]);
}
