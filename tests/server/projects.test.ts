import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDialects, type TestServer } from './helpers/testServer';

describe.each(testDialects())('projects on %s', (dialect) => {
  let t: TestServer;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    t = await startTestServer(dialect);
    await t.server.services.accounts.createUser('alice', 'secret123');
    await t.server.services.accounts.createUser('bob', 'secret123');
    alice = await t.login('alice', 'secret123');
    bob = await t.login('bob', 'secret123');
  });
  afterAll(() => t.stop());

  const post = (path: string, body: object, token: string) =>
    t.call('POST', `/virtual/v1/userPro/${path}`, { body, token });
  const add = async (token: string, body: object = {}) => {
    const res = await post(
      'add',
      { distinguishability: 2, type: 2, original: 1, proKind: 3, ...body },
      token,
    );
    expect(res.body.code).toBe(200);
    return res.body.data as number;
  };

  it('creates a project with an auto name and lists it', async () => {
    const id = await add(alice);
    expect(typeof id).toBe('number');
    const list = (await post('list', { pageIndex: 1, pageSize: 10 }, alice)).body.data;
    expect(list.count).toBe(1);
    expect(list.list[0]).toMatchObject({
      projectId: id,
      proKind: 3,
      type: 2,
      original: 1,
      composeStatus: 'none',
    });
    expect(list.list[0].name).toMatch(/^文字视频\d{14}$/);
    const voice = await add(alice, { proKind: 2 });
    const voiceRow = (await post('detail', { projectId: voice, original: 1 }, alice)).body.data;
    expect(voiceRow.name).toMatch(/^语音视频\d{14}$/);
    expect(voiceRow).toMatchObject({ detail: '', revision: 0 });
  });

  it('lists a never-saved project in the orientation the editor opens it in, then the saved one', async () => {
    // Sent as the spec's client sends it (2), but a new document is landscape until a portrait
    // scene is chosen: 全片预览 labelled such a project 竖屏 while the editor showed 横屏.
    const id = await add(alice, { name: '方向', distinguishability: 2 });
    const listed = async () =>
      (await post('list', { pageIndex: 1, pageSize: 50 }, alice)).body.data.list.find(
        (p: { projectId: number }) => p.projectId === id,
      ).distinguishability;
    expect(await listed()).toBe(1);
    expect((await post('detail', { projectId: id }, alice)).body.data.distinguishability).toBe(1);
    const portrait = {
      projectName: '方向',
      distinguishability: 2,
      ppt: { pages: [{ index: 1, text: '你好' }] },
    };
    const saved = await post(
      'update',
      { projectId: id, userProjectInfo: JSON.stringify(portrait), original: 1 },
      alice,
    );
    expect(saved.body.code).toBe(200);
    expect(await listed()).toBe(2);
  });

  it('refuses an unknown project kind', async () => {
    const res = await post('add', { proKind: 7 }, alice);
    expect(res.body).toMatchObject({ code: 400, msg: '项目类型无效' });
  });

  it('renames, saves with revisions, refuses a stale revision and deletes', async () => {
    const id = await add(alice, { name: '季度汇报' });
    // A rename counts a revision: an editor still at the one before is refused, not let to save the old name.
    const renamed = await post('rename', { projectId: id, projectName: '年度汇报' }, alice);
    expect(renamed.body).toMatchObject({ code: 200, msg: '修改成功', data: { revision: 1 } });
    const beforeRename = await post(
      'update',
      {
        projectId: id,
        userProjectInfo: JSON.stringify({
          projectName: '季度汇报',
          ppt: { pages: [{ index: 1, text: '旧' }] },
        }),
        original: 1,
        revision: 0,
      },
      alice,
    );
    expect(beforeRename.body).toMatchObject({ code: 409 });

    const doc = { projectName: '年度汇报', ppt: { pages: [{ index: 1, text: '你好' }] } };
    const first = await post(
      'update',
      { projectId: id, userProjectInfo: JSON.stringify(doc), original: 1, revision: 1 },
      alice,
    );
    expect(first.body).toMatchObject({ code: 200, data: { revision: 2 } });

    const detail = (await post('detail', { projectId: String(id), original: 1 }, alice)).body.data;
    // Stored through the document schema: the fields sent are kept, defaults fill the rest.
    const stored = JSON.parse(detail.detail);
    expect(stored).toMatchObject({
      projectName: '年度汇报',
      level: 1,
      subtitle: 2,
      soundSpeed: 1,
      schemaVersion: 1,
    });
    expect(stored.ppt.pages[0]).toMatchObject({ index: 1, text: '你好', istts: 2, duration: 1000 });
    expect(detail).toMatchObject({ name: '年度汇报', revision: 2 });

    // A second tab still holding revision 1 must not overwrite the first tab's save.
    const stale = await post(
      'update',
      { projectId: id, userProjectInfo: doc, original: 1, revision: 1 },
      alice,
    );
    expect(stale.body).toMatchObject({ code: 409, msg: '项目已在其他窗口或设备上修改，请刷新后再保存' });

    const final = await post(
      'update',
      { projectId: id, userProjectInfo: doc, original: 2, revision: 2 },
      alice,
    );
    expect(final.body.data.revision).toBe(3);
    expect((await post('detail', { projectId: id }, alice)).body.data.original).toBe(2);

    const broken = await post(
      'update',
      { projectId: id, userProjectInfo: '{not json', original: 1, revision: 3 },
      alice,
    );
    expect(broken.body).toMatchObject({ code: 400, msg: '项目内容格式错误' });

    expect((await post('delete', { projectId: id }, alice)).body.code).toBe(200);
    expect((await post('detail', { projectId: id }, alice)).body.code).toBe(404);
  });

  it('saves without a revision as the spec’s contract sends it: last write wins', async () => {
    const id = await add(alice);
    const doc = (text: string) => ({ projectName: '无版本号', ppt: { pages: [{ index: 1, text }] } });
    const first = await post(
      'update',
      { projectId: id, userProjectInfo: JSON.stringify(doc('一')), original: 1 },
      alice,
    );
    expect(first.body).toMatchObject({ code: 200, data: { revision: 1 } });
    // A second client without revisions overwrites; the revision still counts every save.
    const second = await post(
      'update',
      { projectId: String(id), userProjectInfo: doc('二'), original: '1' },
      alice,
    );
    expect(second.body).toMatchObject({ code: 200, data: { revision: 2 } });
    const stored = JSON.parse((await post('detail', { projectId: id }, alice)).body.data.detail);
    expect(stored.ppt.pages[0].text).toBe('二');
    // Sent, a revision is still checked.
    const stale = await post(
      'update',
      { projectId: id, userProjectInfo: doc('三'), original: 1, revision: 1 },
      alice,
    );
    expect(stale.body.code).toBe(409);
    const bad = await post(
      'update',
      { projectId: id, userProjectInfo: doc('三'), original: 1, revision: 'abc' },
      alice,
    );
    expect(bad.body).toMatchObject({ code: 400 });
    expect(bad.body.msg).toContain('版本号');
  });

  it('lists a project with the orientation its saved document has (/three labels it right)', async () => {
    // Added with the spec's default (2, portrait), then saved as a landscape document.
    const id = await add(alice);
    const doc = {
      projectName: '横屏项目',
      distinguishability: 1,
      ppt: { pages: [{ index: 1, text: '横' }] },
    };
    await post('update', { projectId: id, userProjectInfo: JSON.stringify(doc), original: 1 }, alice);
    const list = (await post('list', { pageIndex: 1, pageSize: 50 }, alice)).body.data.list;
    expect(list.find((p: { projectId: number }) => p.projectId === id)).toMatchObject({
      name: '横屏项目',
      distinguishability: 1,
    });
  });

  it('refuses a document without pages or too large, and keeps the stored draft', async () => {
    const id = await add(alice);
    const good = { projectName: '完好', ppt: { pages: [{ index: 1, text: '原稿' }] } };
    expect(
      (await post('update', { projectId: id, userProjectInfo: good, original: 1 }, alice)).body.code,
    ).toBe(200);
    const broken = [{}, '{}', { ppt: { pages: 'none' } }, { ppt: { pages: [] } }, { ppt: { pages: [1, 2] } }];
    for (const userProjectInfo of broken) {
      const res = await post('update', { projectId: id, userProjectInfo, original: 1 }, alice);
      expect(res.body, JSON.stringify(userProjectInfo)).toMatchObject({
        code: 400,
        msg: '项目内容格式错误：缺少页面列表（ppt.pages）',
      });
    }
    const huge = { ...good, padding: 'x'.repeat(5_000_001) };
    const tooLarge = await post('update', { projectId: id, userProjectInfo: huge, original: 1 }, alice);
    expect(tooLarge.body).toMatchObject({ code: 400, msg: '项目内容过大（不能超过 5MB）' });
    const asText = await post(
      'update',
      { projectId: id, userProjectInfo: JSON.stringify(huge), original: 1 },
      alice,
    );
    expect(asText.body).toMatchObject({ code: 400, msg: '项目内容过大（不能超过 5MB）' });
    const detail = (await post('detail', { projectId: id }, alice)).body.data;
    expect(detail.revision).toBe(1);
    expect(JSON.parse(detail.detail).ppt.pages[0].text).toBe('原稿');
  });

  it('gives another user nothing of alice’s projects', async () => {
    const id = await add(alice, { name: '机密项目' });
    await post(
      'update',
      {
        projectId: id,
        userProjectInfo: { projectName: '机密项目', ppt: { pages: [{ index: 1 }] } },
        original: 1,
        revision: 0,
      },
      alice,
    );
    const notFound = { code: 404, msg: '项目不存在或无权访问' };
    expect((await post('detail', { projectId: id }, bob)).body).toMatchObject(notFound);
    expect((await post('detail', { projectId: id }, bob)).body.data).toBeUndefined();
    expect((await post('rename', { projectId: id, projectName: 'x' }, bob)).body).toMatchObject(notFound);
    expect(
      (await post('update', { projectId: id, userProjectInfo: {}, original: 1, revision: 1 }, bob)).body,
    ).toMatchObject(notFound);
    expect((await post('delete', { projectId: id }, bob)).body).toMatchObject(notFound);
    expect((await post('list', {}, bob)).body.data).toMatchObject({ count: 0, list: [] });
    // Alice's project is untouched.
    expect((await post('detail', { projectId: id }, alice)).body.data).toMatchObject({
      name: '机密项目',
      revision: 1,
    });
  });

  it('answers 501 without a token', async () => {
    expect((await t.call('POST', '/virtual/v1/userPro/list', { body: {} })).body.code).toBe(501);
  });
});
