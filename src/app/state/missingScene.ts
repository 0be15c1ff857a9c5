import { signal } from '@preact/signals-react';
import { libraryItems } from './libraryCache';

/*
 * A scene deleted since the project was saved (an own scene, deleted after a "仍然删除"): the
 * editor and 全片预览 drew a plain grey background without a word, and synthesis found out only in
 * the render. As for a deleted presenter (editorTalk.ts), the scene is looked up in the scene lists
 * when a project opens, and the screens and 合成视频 say so.
 */

/** The scene uuid the document names and the library no longer has; null when it has it (or could not be asked). */
export const missingScene = signal<string | null>(null);

/** Looks scene `uuid` up in both orientations' lists; answers true when it is gone. */
export async function checkScene(uuid: string): Promise<boolean> {
  if (!uuid) {
    missingScene.value = null;
    return false;
  }
  try {
    const lists = await Promise.all(
      ([1, 2] as const).map((sizeType) => libraryItems('scenes', sizeType, { quiet: true })),
    );
    const gone = !lists.some((list) => list.some((s) => String(s.id) === uuid));
    missingScene.value = gone ? uuid : null;
    return gone;
  } catch {
    // Offline: that says nothing about the scene.
    missingScene.value = null;
    return false;
  }
}
