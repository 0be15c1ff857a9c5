import { useEffect, useState } from 'react';
import { loadTimings } from '../../../state/editorTalk';
import { timingsBeside } from '../../../state/narrationPlayback';
import { uploadedName } from './pageAudioUpload';

/**
 * The name a page's uploaded or recorded audio at `path` is shown by: the picked file's name, known
 * at once in the session that uploaded it, and otherwise (after a reload, on another machine) read
 * from the timings file the server keeps beside the audio. Null while unknown or for older audio.
 */
export function useAudioName(path: string): string | null {
  const known = uploadedName(path);
  const [stored, setStored] = useState<{ path: string; name: string | null } | null>(null);
  useEffect(() => {
    if (known !== null || !path) return;
    let live = true;
    void loadTimings(timingsBeside(path)).then((t) => {
      if (live) setStored({ path, name: t?.sourceName || null });
    });
    return () => {
      live = false;
    };
  }, [path, known]);
  return known ?? (stored?.path === path ? stored.name : null);
}
