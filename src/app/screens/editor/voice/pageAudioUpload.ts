import {
  AUDIO_EXTENSIONS,
  AUDIO_MAX_BYTES,
  resourceMessages,
  type ResUploadData,
} from '../../../../api/resource.contract';
import { removePageAudio, setPageAudio, VOICE_MODE } from '../../../../model/project';
import { studioApi } from '../../../services/http';
import { dispatch, doc, projectId } from '../../../state/editor';
import { playing, stopPlaying } from '../../../state/narrationPlayback';

/*
 * 上传音频 and 删除音频 of a voice page: the spec's client-side checks, the upload with progress,
 * and the document commands once the server has stored and analysed the audio.
 */

/** The value of the file input's accept attribute. */
export const AUDIO_ACCEPT = AUDIO_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/**
 * Spec 5 checks before uploading: one of the audio extensions (else the format message) and under
 * 1 GB (else 上传文件大小不可大于1G). Returns the message to show, or null when the file may go.
 */
export function checkAudioFile(file: { name: string; size: number }): string | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(file.name.trim())?.[1].toLowerCase() ?? '';
  if (!(AUDIO_EXTENSIONS as readonly string[]).includes(ext)) return resourceMessages.audioType;
  if (file.size >= AUDIO_MAX_BYTES) return resourceMessages.audioTooLarge;
  if (file.size === 0) return resourceMessages.audioUnreadable;
  return null;
}

/** Seconds as m:ss.cc (1.8 -> '0:01.80', 75.25 -> '1:15.25'). */
export function formatAudioTime(seconds: number): string {
  const centis = Math.max(0, Math.round(seconds * 100));
  const minutes = Math.floor(centis / 6000);
  const rest = (centis % 6000) / 100;
  return `${minutes}:${rest.toFixed(2).padStart(5, '0')}`;
}

// Original file names of audio uploaded in this session, by stored path. The document keeps only
// the path (spec page fields), so after a reload the panel shows a generic label instead.
const uploadedNames = new Map<string, string>();

/** The name the author knows an uploaded audio by, or null when this session did not upload it. */
export function uploadedName(path: string): string | null {
  return uploadedNames.get(path) ?? null;
}

/** How an upload ended: the stored audio, or why nothing changed ('refused' was already shown). */
export type PageAudioUploadResult =
  | { ok: true; audio: ResUploadData }
  | { ok: false; reason: 'invalid'; message: string }
  | { ok: false; reason: 'refused' | 'pageChanged' };

/**
 * Uploads `file` as the audio of page `at` (0-based) and gives it to that page (one undo step).
 * The page is looked up again when the upload ends: the author may have moved on meanwhile.
 */
export async function uploadAudioToPage(
  at: number,
  file: File,
  onProgress: (percent: number) => void,
): Promise<PageAudioUploadResult> {
  const problem = checkAudioFile(file);
  if (problem) return { ok: false, reason: 'invalid', message: problem };
  const project = projectId.value;
  if (project === null) return { ok: false, reason: 'pageChanged' };
  let audio: ResUploadData;
  try {
    const res = await studioApi.uploadPageAudio(project, at + 1, file, file.name, onProgress);
    audio = res.data!;
  } catch {
    return { ok: false, reason: 'refused' }; // the client has shown the server's message
  }
  const page = doc.value?.ppt.pages[at];
  if (projectId.value !== project || !page || page.istts !== VOICE_MODE) {
    return { ok: false, reason: 'pageChanged' };
  }
  uploadedNames.set(audio.path, file.name);
  if (playing.value && playing.value.path === page.tts) stopPlaying();
  const result = dispatch(setPageAudio, at, { path: audio.path, soundTime: audio.soundTime });
  return result.ok ? { ok: true, audio } : { ok: false, reason: 'pageChanged' };
}

/** 删除音频: the page stays a voice page without audio (Ctrl+Z brings the audio back). */
export function deletePageAudio(at: number): boolean {
  const page = doc.value?.ppt.pages[at];
  if (page && playing.value && playing.value.path === page.tts) stopPlaying();
  return dispatch(removePageAudio, at).ok;
}
