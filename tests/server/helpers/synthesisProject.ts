import { randomBytes } from 'node:crypto';
import { newDocument, toExportDocument, type ProjectDocument } from '../../../src/model/project';
import type { TestServer } from './testServer';

/**
 * A narration clip of `seconds` silence stored as the user's own audio, with its timings (through
 * the server's file store, so on disk or in the test bucket with TEST_STORE=s3).
 */
export async function storedNarration(
  t: TestServer,
  userId: number,
  seconds: number,
  kind: 'silent' | 'garbage' = 'silent',
): Promise<string> {
  const key = `u/${userId}/audio/${randomBytes(16).toString('hex')}.wav`;
  const rate = 8000;
  const data = Buffer.alloc(Math.round(seconds * rate) * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  // 'garbage' exists and has timings, so the render starts, but ffmpeg cannot read it. Zeros, not
  // random bytes: ffmpeg's probe takes some random buffers for AMR or MP3 and renders on.
  await t.server.files.write(key, kind === 'silent' ? Buffer.concat([header, data]) : Buffer.alloc(4096));
  const timings = { durationMs: Math.round(seconds * 1000), mouth: [], words: [] };
  await t.server.files.write(key.replace(/\.wav$/, '.json'), JSON.stringify(timings));
  return `/files/${key}`;
}

/**
 * Adds a project and saves it for synthesis (original 2) with a presenter, a voice, a scene and one
 * text page per entry; `seconds` is each page's audio length (stored as silence unless `tts` names
 * a clip or `audio` is 'garbage') and `bgMusic` the background music. Answers the project id.
 */
export async function synthesisProject(
  t: TestServer,
  token: string,
  opts: {
    pages: { text: string; tts?: string; seconds?: number; audio?: 'silent' | 'garbage' }[];
    bgMusic?: string;
    name?: string;
    /** Changes the document before it is saved (own scene, presenter or voice). */
    edit?: (doc: ProjectDocument) => ProjectDocument;
  },
): Promise<number> {
  const call = (url: string, body: object) => t.call('POST', url, { token, body });
  const userId = (await t.call('GET', '/api/v1/user/profile', { token })).body.data.user.userId as number;
  const projectId = (await call('/virtual/v1/userPro/add', { proKind: 3 })).body.data as number;
  const clips = await Promise.all(
    opts.pages.map((p) => p.tts ?? storedNarration(t, userId, p.seconds ?? 3, p.audio)),
  );
  const d = newDocument({ projectName: opts.name ?? '积分测试' });
  const doc: ProjectDocument = {
    ...d,
    bgMusic: opts.bgMusic ?? '',
    character: {
      ...d.character,
      uuid: 'zixuan',
      name: '子轩',
      voiceId: 'espeak-zh-male',
      voiceName: '中文男声',
      width: 200,
      height: 350,
    },
    scene: { ...d.scene, uuid: 'studio', path: '/library/scenes/studio.jpg' },
    ppt: {
      ...d.ppt,
      maxNum: opts.pages.length,
      pages: opts.pages.map((p, i) => ({
        ...d.ppt.pages[0],
        index: i + 1,
        text: p.text,
        textdome: p.text,
        tts: clips[i],
        soundTime: p.seconds ?? 0,
      })),
    },
  };
  const saved = await call('/virtual/v1/userPro/update', {
    projectId,
    userProjectInfo: JSON.stringify(toExportDocument(opts.edit ? opts.edit(doc) : doc)),
    original: 2,
    revision: 0,
  });
  if (saved.body.code !== 200) throw new Error(`could not save the project: ${saved.body.msg}`);
  return projectId;
}

/**
 * A document ready for synthesis over the real server: 小雅 with the built-in female voice in the
 * office scene, `pages` pages each speaking `text` from one clip the server already synthesised.
 */
export function spokenDocument(
  projectName: string,
  pages: number,
  text: string,
  clip: { soundPath: string; soundTime: number },
): ProjectDocument {
  const d = newDocument({ projectName });
  return {
    ...d,
    character: {
      ...d.character,
      uuid: 'xiaoya',
      name: '小雅',
      voiceId: 'espeak-zh-female',
      voiceName: '中文女声',
      width: 200,
      height: 350,
    },
    scene: { ...d.scene, uuid: 'office', path: '/library/scenes/office.jpg' },
    ppt: {
      ...d.ppt,
      maxNum: pages,
      pages: Array.from({ length: pages }, (_, i) => ({
        ...d.ppt.pages[0],
        index: i + 1,
        text,
        textdome: text,
        tts: clip.soundPath,
        soundTime: clip.soundTime,
      })),
    },
  };
}
