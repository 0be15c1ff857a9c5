import { newDocument, toExportDocument, type ProjectDocument } from '../../../src/model/project';
import type { TestServer } from './testServer';

/**
 * Adds a project and saves it for synthesis (original 2) with a presenter, a voice, a scene and one
 * text page per entry; `seconds` is each page's audio length and `bgMusic` the background music.
 * Answers the project id.
 */
export async function synthesisProject(
  t: TestServer,
  token: string,
  opts: { pages: { text: string; tts: string; seconds?: number }[]; bgMusic?: string; name?: string },
): Promise<number> {
  const call = (url: string, body: object) => t.call('POST', url, { token, body });
  const projectId = (await call('/virtual/v1/userPro/add', { proKind: 3 })).body.data as number;
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
        tts: p.tts,
        soundTime: p.seconds ?? 0,
      })),
    },
  };
  const saved = await call('/virtual/v1/userPro/update', {
    projectId,
    userProjectInfo: JSON.stringify(toExportDocument(doc)),
    original: 2,
    revision: 0,
  });
  if (saved.body.code !== 200) throw new Error(`could not save the project: ${saved.body.msg}`);
  return projectId;
}
