import { useState, type DragEvent } from 'react';

/** Handlers to spread on the element that takes a dropped file. */
export interface DropHandlers {
  onDragOver(e: DragEvent): void;
  onDragLeave(): void;
  onDrop(e: DragEvent): void;
}

/**
 * One drop zone's behaviour for every upload place (PDF, scene, avatar, page audio, materials,
 * presenter files): `dragging` while a file is held over it, and the first dropped file handed to
 * `onFile` unless the zone is disabled (busy). The browser's own "open the file" is always stopped.
 */
export function useFileDrop(
  onFile: (file: File) => void,
  disabled = false,
): { dragging: boolean; dropHandlers: DropHandlers } {
  const [dragging, setDragging] = useState(false);
  return {
    dragging,
    dropHandlers: {
      onDragOver(e) {
        e.preventDefault();
        if (!disabled) setDragging(true);
      },
      onDragLeave() {
        setDragging(false);
      },
      onDrop(e) {
        e.preventDefault();
        setDragging(false);
        const file = e.dataTransfer.files[0];
        if (file && !disabled) onFile(file);
      },
    },
  };
}
