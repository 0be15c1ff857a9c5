import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ffmpegPath } from '../../../src/server/adapters/media/ffmpeg';
import { multipart, type TestServer } from './testServer';

/** The tone's length: the mouth is open during it... */
export const TONE_MS = 1000;
/** ...and shut in the 0.8 s of silence after it, up to the file's end. */
export const TOTAL_MS = 1800;

/** ffmpeg's audio codec arguments per uploaded format. */
export const formats: [string, string[]][] = [
  ['mp3', ['-c:a', 'libmp3lame', '-b:a', '128k']],
  ['m4a', ['-c:a', 'aac', '-b:a', '96k']],
  ['ogg', ['-c:a', 'libvorbis']],
  ['flac', ['-c:a', 'flac']],
  ['wav', ['-c:a', 'pcm_s16le']],
];

/**
 * The audio of the lavfi `source` as a `ext` file, encoded by the bundled ffmpeg with `codec` once
 * per format into `work` (a scratch directory) and read back.
 */
export function encodeOnce(work: string, ext: string, source: string, codec: string[]): Buffer {
  const out = path.join(work, `tone.${ext}`);
  if (!existsSync(out)) {
    const args = ['-v', 'error', '-f', 'lavfi', '-i', source, ...codec, '-y', out];
    const run = spawnSync(ffmpegPath(), args);
    if (run.status !== 0) throw new Error(`ffmpeg could not make ${ext}: ${run.stderr}`);
  }
  return readFileSync(out);
}

/** A 1 s tone followed by 0.8 s of silence, mono, as a `ext` file (see encodeOnce). */
export function encodeTone(work: string, ext: string, codec: string[]): Buffer {
  return encodeOnce(work, ext, 'sine=f=220:d=1:sample_rate=48000,apad=whole_len=86400', [
    '-ac',
    '1',
    ...codec,
  ]);
}

/** Uploads `content` as page audio (resUpload) of page 1 of `projectId`, `fields` overriding. */
export function uploadPageAudio(
  t: TestServer,
  token: string | undefined,
  projectId: number,
  content: Buffer,
  filename: string,
  fields: object = {},
) {
  const form = multipart('resource', filename, content, {
    projectId: String(projectId),
    pptSort: '1',
    ...fields,
  });
  return t.call('POST', '/virtual/v1/userPro/resUpload', {
    token,
    payload: form.payload,
    headers: form.headers,
  });
}
