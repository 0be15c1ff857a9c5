import { signal } from '@preact/signals-react';
import { libraryItems } from './libraryCache';

/*
 * A private voice deleted since the project was saved (我的音色, 仍然删除): synthesis found out only
 * while speaking, page by page, with a bare 音色不存在 (QA). As for a deleted presenter or scene, the
 * voice is looked up when a project opens, and the editor and 合成视频 say so before any speech.
 * Public voices are built in and never go.
 */

/** The private voice id the document names and the user no longer has; null when it has it (or could not be asked). */
export const missingVoice = signal<string | null>(null);

/** Looks voice `voiceId` up among the user's own voices when it is one (`isPublic` 2); true when it is gone. */
export async function checkVoice(voiceId: string, isPublic: number): Promise<boolean> {
  if (!voiceId || isPublic !== 2) {
    missingVoice.value = null;
    return false;
  }
  try {
    const own = await libraryItems('voices', 2, { quiet: true });
    const gone = !own.some((v) => v.id === voiceId);
    missingVoice.value = gone ? voiceId : null;
    return gone;
  } catch {
    // Offline: that says nothing about the voice.
    missingVoice.value = null;
    return false;
  }
}
