import type { ProjectDocument } from './documentSchema';
import { err, ok, type Result } from './result';
import { docCommand } from './docCommand';

/** Default loudness of background music (documentSchema's bgMusicVolume default). */
export const DEFAULT_MUSIC_VOLUME = 0.3;

/** The background music the 背景音乐 dialog chose: a path of the author's audio material, '' for none. */
export interface MusicChoice {
  path: string;
  /** 0..1; clamped and rounded to whole percent. */
  volume: number;
}

/**
 * Sets the project's background music and its volume (spec "background-music picker"). '' means
 * 无背景音乐; the volume is kept then, so choosing music again starts at the last level. Only paths
 * of stored files (/files/...) are accepted: the render reads them from the author's own files.
 */
export const setBackgroundMusic = docCommand({
  name: 'setBackgroundMusic',
  perform(doc: ProjectDocument, choice: MusicChoice): Result<ProjectDocument> {
    const path = choice.path.trim();
    if (path !== '' && !/^\/files\/[A-Za-z0-9_\-./]+$/.test(path)) return err('背景音乐路径无效');
    if (!Number.isFinite(choice.volume)) return err('背景音乐音量无效');
    const volume = Math.round(Math.min(1, Math.max(0, choice.volume)) * 100) / 100;
    if (doc.bgMusic === path && doc.bgMusicVolume === volume) return ok(doc);
    return ok({ ...doc, bgMusic: path, bgMusicVolume: volume });
  },
});
