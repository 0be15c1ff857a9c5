import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDocument, toExportDocument, type ProjectDocument } from '../../../src/model/project';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { JobsRepo } from '../../../src/server/adapters/db/jobs.repo';
import { RENDER_JOB } from '../../../src/server/video/renderJob';

describe('video synthesis requests', () => {
  let t: TestServer;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    t = await startTestServer('sqlite');
    await t.server.services.accounts.createUser('alice', 'secret123');
    await t.server.services.accounts.createUser('bob', 'secret123');
    alice = await t.login('alice', 'secret123');
    bob = await t.login('bob', 'secret123');
  });
  afterAll(() => t.stop());

  const call = (url: string, body: object, token = alice) => t.call('POST', url, { token, body });
  async function projectWith(pages: { text: string; tts: string }[]): Promise<number> {
    const projectId = (await call('/virtual/v1/userPro/add', { proKind: 3 })).body.data;
    const d = newDocument({ projectName: '合成测试' });
    const doc: ProjectDocument = {
      ...d,
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
        maxNum: pages.length,
        pages: pages.map((p, i) => ({ ...d.ppt.pages[0], index: i + 1, ...p, textdome: p.text })),
      },
    };
    const saved = await call('/virtual/v1/userPro/update', {
      projectId,
      userProjectInfo: JSON.stringify(toExportDocument(doc)),
      original: 2,
      revision: 0,
    });
    expect(saved.body.code).toBe(200);
    return projectId;
  }

  it('refuses to synthesise a project that was never saved for synthesis', async () => {
    const projectId = (await call('/virtual/v1/userPro/add', { proKind: 3 })).body.data;
    expect((await call('/virtual/v1/userPro/composeProject', { projectId })).body).toMatchObject({
      code: 400,
      msg: '请先保存项目再合成视频',
    });
    expect((await call('/virtual/v1/userPro/composeStatus', { projectId })).body.data.status).toBe('none');
  });

  it('checks the document like the editor does, with the spec’s messages', async () => {
    const projectId = await projectWith([{ text: '', tts: '' }]);
    expect((await call('/virtual/v1/userPro/composeProject', { projectId })).body).toMatchObject({
      code: 400,
      msg: '第1页未保存或文字少于1个字',
    });
  });

  it('refuses a render whose audio is gone before charging, naming the page and the file', async () => {
    const profile = async () =>
      (await t.call('GET', '/api/v1/user/profile', { token: alice })).body.data.user;
    const missing = `/files/u/${(await profile()).userId}/audio/${'0'.repeat(32)}.wav`;
    const projectId = await projectWith([{ text: '你好', tts: missing }]);
    const before = (await profile()).points;
    const res = (await call('/virtual/v1/userPro/composeProject', { projectId })).body;
    expect(res).toMatchObject({ code: 400, msg: `第1页的音频不存在或已被删除：${missing}，请修改后再合成` });
    expect((await profile()).points).toBe(before);
    expect((await call('/virtual/v1/userPro/composeStatus', { projectId })).body.data.status).toBe('none');
    const list = (await call('/virtual/v1/userPro/list', {})).body.data.list;
    expect(list.find((p: { projectId: number }) => p.projectId === projectId).composeStatus).not.toBe(
      'failed',
    );
  });

  it('does not let another user synthesise, follow or cancel alice’s project', async () => {
    const projectId = await projectWith([{ text: '你好', tts: '' }]);
    for (const url of ['composeProject', 'composeStatus', 'composeCancel']) {
      expect((await call(`/virtual/v1/userPro/${url}`, { projectId }, bob)).body.code).toBe(404);
    }
    expect((await call('/virtual/v1/userPro/videoList', {}, bob)).body.data).toMatchObject({ count: 0 });
  });

  it('cancels a render, stopping ffmpeg and leaving no partial files', async () => {
    const tts = await call('/notice/v1/timbre/textToSpeech', {
      projectId: (await call('/virtual/v1/userPro/add', { proKind: 3 })).body.data,
      timbreId: 'espeak-zh-male',
      text: '这是一段用于测试取消合成的较长讲解词，我们会在合成过程中点击取消按钮，确认不会留下任何半成品文件。'.repeat(
        2,
      ),
    });
    const page = { text: '测试取消', tts: tts.body.data.soundPath };
    const projectId = await projectWith(Array.from({ length: 6 }, () => page));
    await call('/virtual/v1/userPro/composeProject', { projectId });
    for (let i = 0; i < 200; i++) {
      const s = (await call('/virtual/v1/userPro/composeStatus', { projectId })).body.data;
      if (s.status === 'rendering' && s.percent > 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const cancelled = (await call('/virtual/v1/userPro/composeCancel', { projectId })).body;
    expect(cancelled).toMatchObject({ code: 200, data: { status: 'cancelled' } });
    await new Promise((r) => setTimeout(r, 1500));
    expect((await call('/virtual/v1/userPro/composeStatus', { projectId })).body.data.status).toBe(
      'cancelled',
    );
    expect(readdirSync(path.join(t.config.dataDir, 'tmp')).filter((f) => f.startsWith('render-'))).toEqual(
      [],
    );
    expect(await t.stored.list('u/1/videos')).toEqual([]);
    // Cancelled already: a second cancel says it has ended rather than cancelling again.
    expect((await call('/virtual/v1/userPro/composeCancel', { projectId })).body).toMatchObject({
      code: 409,
      msg: '该合成已经结束，无需取消',
    });
  });

  it('says a finished render is finished instead of 已取消合成', async () => {
    const projectId = await projectWith([{ text: '你好', tts: '' }]);
    const jobs = new JobsRepo(t.server.database.db);
    const profile = (await t.call('GET', '/api/v1/user/profile', { token: alice })).body.data.user;
    const id = await jobs.enqueue({
      kind: RENDER_JOB,
      ownerId: profile.userId,
      subjectId: projectId,
      payload: {},
    });
    await jobs.finish(id, 'done', '合成成功', { key: 'x' });
    const res = (await call('/virtual/v1/userPro/composeCancel', { projectId })).body;
    expect(res).toMatchObject({ code: 409, msg: '视频已经合成完成，无需取消' });
  });

  it('deleting a project stops its render, gives its points back and removes its videos', async () => {
    const profile = async () =>
      (await t.call('GET', '/api/v1/user/profile', { token: alice })).body.data.user;
    const status = async (projectId: number) =>
      (await call('/virtual/v1/userPro/composeStatus', { projectId })).body.data;
    const { userId } = await profile();
    // A finished video first.
    const speak = async (text: string) =>
      (
        await call('/notice/v1/timbre/textToSpeech', {
          projectId: (await call('/virtual/v1/userPro/add', { proKind: 3 })).body.data,
          timbreId: 'espeak-zh-male',
          text,
        })
      ).body.data.soundPath as string;
    const projectId = await projectWith([{ text: '你好', tts: await speak('你好') }]);
    await call('/virtual/v1/userPro/composeProject', { projectId });
    await expect.poll(async () => (await status(projectId)).status, { timeout: 60_000 }).toBe('done');
    const signed: string = (await status(projectId)).video.url;
    expect((await t.call('GET', signed, { token: alice })).status).toBe(200);
    expect(await t.stored.list(`u/${userId}/videos`)).toHaveLength(1);

    // Then a long render, deleted while it runs.
    const page = {
      text: '测试删除',
      tts: await speak(
        '这是一段用于测试删除项目的较长讲解词，删除项目时正在进行的合成应当停止并退回积分。'.repeat(2),
      ),
    };
    const long = await projectWith(Array.from({ length: 6 }, () => page));
    const before = (await profile()).points;
    await call('/virtual/v1/userPro/composeProject', { projectId: long });
    expect((await profile()).points).toBeLessThan(before);
    await expect.poll(async () => (await status(long)).status).toBe('rendering');
    expect((await call('/virtual/v1/userPro/delete', { projectId: long })).body.code).toBe(200);
    expect((await profile()).points).toBe(before);
    expect((await call('/virtual/v1/userPro/delete', { projectId })).body.code).toBe(200);

    // Nothing left of either: no video file, the old signed link answers 404, no scratch files.
    expect(await t.stored.list(`u/${userId}/videos`)).toEqual([]);
    expect((await t.call('GET', signed, { token: alice })).status).toBe(404);
    await expect
      .poll(() => readdirSync(path.join(t.config.dataDir, 'tmp')).filter((f) => f.startsWith('render-')))
      .toEqual([]);
    const listed = (await call('/virtual/v1/userPro/videoList', {})).body.data.list;
    expect(listed.filter((v: { projectId: number }) => [projectId, long].includes(v.projectId))).toEqual([]);
  });
});
