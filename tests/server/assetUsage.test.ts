import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageMessages } from '../../src/api/usage.contract';
import { encodeWav } from '../../src/server/adapters/media/wav';
import { voicedSignal } from '../helpers/voiceSignal';
import { multiForm } from './helpers/presenterFixtures';
import { synthesisProject } from './helpers/synthesisProject';
import { multipart, startTestServer, testDialects, type TestServer } from './helpers/testServer';

/*
 * Issue 11: deleting something projects use says which projects and asks. A custom scene, a
 * material used as background music, an own presenter and a private voice in use are refused with
 * 409 and the projects' names unless the request says force; a render of a project whose scene
 * was deleted anyway is refused before anything is charged, naming the asset.
 */

const png = (width: number, height: number, background = '#3a7bd5') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

describe.each(testDialects())('deleting assets in use on %s', (dialect) => {
  let t: TestServer;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    t = await startTestServer(dialect, { runJobs: false });
    await t.server.services.accounts.createUser('alice', 'secret123');
    await t.server.services.accounts.createUser('bob', 'secret123');
    alice = await t.login('alice', 'secret123');
    bob = await t.login('bob', 'secret123');
  });
  afterAll(async () => {
    await t.stop();
  });

  const post = (url: string, body: object, token = alice) => t.call('POST', url, { token, body });
  const upload = (url: string, field: string, name: string, file: Buffer, fields: Record<string, string>) =>
    t.call('POST', url, { token: alice, ...multipart(field, name, file, fields) });
  const points = async () =>
    (await t.call('GET', '/api/v1/user/profile', { token: alice })).body.data.user.points;

  async function ownScene(): Promise<{ id: string; path: string }> {
    const up = await upload('/virtual/v1/scene/upload', 'path', 'bg.png', await png(1920, 1080), {
      sizeType: '1',
    });
    const scene = (
      await post('/virtual/v1/scene/insert', { name: '我的办公室', path: up.body.data, sizeType: 1 })
    ).body.data;
    return { id: String(scene.id), path: scene.path };
  }

  it('names the projects using a scene, deletes it only when forced, then refuses the render', async () => {
    const scene = await ownScene();
    const withScene = (name: string) =>
      synthesisProject(t, alice, {
        name,
        pages: [{ text: '你好', seconds: 2 }],
        edit: (doc) => ({
          ...doc,
          scene: { ...doc.scene, uuid: scene.id, path: scene.path, icon: scene.path },
        }),
      });
    const weekly = await withScene('周会');
    await withScene('产品介绍');
    await synthesisProject(t, alice, { name: '无关项目', pages: [{ text: '你好', seconds: 2 }] });

    const refused = await post('/virtual/v1/scene/delete', { id: scene.id });
    expect(refused.body.code).toBe(409);
    expect(refused.body.msg).toBe(
      usageMessages.inUse('背景', [
        { id: 0, name: '产品介绍' },
        { id: 0, name: '周会' },
      ]),
    );
    expect(refused.body.msg).toContain('该背景正在被 2 个项目使用：《产品介绍》《周会》');
    expect(refused.body.data.projects.map((p: { name: string }) => p.name).sort()).toEqual([
      '产品介绍',
      '周会',
    ]);
    // Another user learns nothing: the scene is not theirs.
    expect((await post('/virtual/v1/scene/delete', { id: scene.id, force: true }, bob)).body.code).toBe(404);

    expect((await post('/virtual/v1/scene/delete', { id: scene.id, force: true })).body.code).toBe(200);
    const before = await points();
    const render = await post('/virtual/v1/userPro/composeProject', { projectId: weekly });
    expect(render.body.code).toBe(400);
    expect(render.body.msg).toMatch(
      /^背景图片不存在或已被删除：\/files\/u\/\d+\/scenes\/[0-9a-f]+\.jpg，请修改后再合成$/,
    );
    expect(await points()).toBe(before);
    expect((await post('/virtual/v1/userPro/composeStatus', { projectId: weekly })).body.data.status).toBe(
      'none',
    );
  });

  it('asks before deleting background music, an own presenter or a private voice in use', async () => {
    const music = await upload('/virtual/v1/userResources/upload', 'resources', 'bgm.wav', encodeWav(voicedSignal({ f0Hz: 200, seconds: 3 }).samples, 24_000), { resourcesType: '3' }); // prettier-ignore
    expect(music.body.code).toBe(200);
    const presenter = (
      await t.call('POST', '/virtual/v1/virtual/add', {
        token: alice,
        ...multiForm({ name: '照片老师', kind: '3' }, [{ field: 'picture', filename: 'p.png', content: await png(400, 700) }]),
      })
    ).body.data; // prettier-ignore
    const voice = await upload('/notice/v1/timbre/upTimb', 'file', 'me.wav', encodeWav(voicedSignal({ f0Hz: 110, seconds: 12 }).samples, 24_000), { name: '我的声音', sex: '1', consent: '1' }); // prettier-ignore
    expect(voice.body.code).toBe(200);
    await synthesisProject(t, alice, {
      name: '全都用上',
      pages: [{ text: '你好', seconds: 2 }],
      bgMusic: music.body.data.path,
      edit: (doc) => ({
        ...doc,
        character: { ...doc.character, uuid: presenter.id, voiceId: String(voice.body.data.id) },
      }),
    });

    const cases = [
      ['/virtual/v1/userResources/delete', { resourcesId: music.body.data.resourcesId }, '背景音乐'],
      ['/virtual/v1/virtual/delete', { id: presenter.id }, '数字人'],
      ['/notice/v1/timbre/delete', { id: String(voice.body.data.id) }, '音色'],
    ] as const;
    for (const [url, body, what] of cases) {
      const res = await post(url, body);
      expect(res.body, url).toMatchObject({ code: 409, data: { projects: [{ name: '全都用上' }] } });
      expect(res.body.msg).toContain(`该${what}正在被 1 个项目使用：《全都用上》`);
      expect((await post(url, { ...body, force: 1 })).body.code, url).toBe(200);
    }
  });
});
