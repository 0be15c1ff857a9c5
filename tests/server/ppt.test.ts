import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, startTestServer, testDialects, type TestServer } from './helpers/testServer';

const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, '../fixtures', name));

describe.each(testDialects())('PDF slides on %s', (dialect) => {
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

  const upload = (content: Buffer, filename: string, token = alice) => {
    const form = multipart('resources', filename, content, {
      name: filename,
      description: '',
      source: '1',
      type: '2',
    });
    return t.call('POST', '/virtual/v1/userPpt/upload', {
      token,
      payload: form.payload,
      headers: form.headers,
    });
  };
  const info = (pptId: number, token = alice) =>
    t.call('POST', '/virtual/v1/userPpt/info', { token, body: { pptId, type: 2 } });
  const waitReady = async (pptId: number) => {
    for (let i = 0; i < 120; i++) {
      const res = await info(pptId);
      if (res.body.data.status !== 'processing') return res.body.data;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('rasterising did not finish');
  };
  const leftovers = () => {
    const tmp = path.join(t.config.dataDir, 'tmp');
    return existsSync(tmp) ? readdirSync(tmp) : [];
  };

  it('rasterises a real 3-page Chinese PDF to 1920 px pages with progress and a thumbnail', async () => {
    const res = await upload(fixture('slides-zh-3p.pdf'), '季度汇报.pdf');
    expect(res.body.code).toBe(200);
    expect(res.body.data.pageCount).toBe(3);
    const ready = await waitReady(res.body.data.pptId);
    expect(ready).toMatchObject({ status: 'ready', pageCount: 3, pagesDone: 3, name: '季度汇报' });

    const cookie = `jwt=${alice}`;
    for (let n = 1; n <= 3; n++) {
      const url = `${ready.basePath}${ready.uuidStr}/images/${n}.png`;
      const page = await t.server.http.inject({ method: 'GET', url, headers: { cookie } });
      expect(page.statusCode).toBe(200);
      const meta = await sharp(page.rawPayload).metadata();
      expect(meta.width).toBe(1920);
      // The Chinese text is drawn (mupdf's built-in CJK font): the page is not blank.
      const stats = await sharp(page.rawPayload).greyscale().stats();
      expect(stats.channels[0].min).toBeLessThan(80);
    }
    const thumb = await t.server.http.inject({ method: 'GET', url: ready.thumb, headers: { cookie } });
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(320);

    const list = (
      await t.call('POST', '/virtual/v1/userPpt/list', {
        token: alice,
        body: { pageIndex: 1, pageSize: 6, type: 2 },
      })
    ).body.data;
    expect(list.count).toBe(1);
    expect(list.list[0]).toMatchObject({ id: res.body.data.pptId, thumb: ready.thumb });
  });

  it.each([
    ['corrupt.pdf', 'PDF文件已损坏，无法读取'],
    ['encrypted.pdf', 'PDF文件已加密，请移除密码后重新上传'],
    ['not-a-pdf.pdf', '文件不是有效的PDF'],
    ['empty.pdf', 'PDF文件没有页面'],
  ])('refuses %s with a clear message and keeps nothing', async (name, msg) => {
    const before = (await t.call('POST', '/virtual/v1/userPpt/list', { token: alice, body: {} })).body.data
      .count;
    const res = await upload(fixture(name), name);
    expect(res.body).toMatchObject({ code: 400, msg });
    expect(
      (await t.call('POST', '/virtual/v1/userPpt/list', { token: alice, body: {} })).body.data.count,
    ).toBe(before);
    expect(leftovers()).toEqual([]);
  });

  it('refuses a non-.pdf name and an upload of 100,000,000 bytes or more', async () => {
    expect((await upload(fixture('slides-zh-3p.pdf'), 'deck.txt')).body).toMatchObject({
      code: 400,
      msg: '只能上传PDF文件',
    });
    const huge = Buffer.alloc(100_000_000, 0x20);
    fixture('slides-zh-3p.pdf').copy(huge);
    const res = await upload(huge, 'huge.pdf');
    expect(res.body).toMatchObject({ msg: '上传文件大于100M' });
    expect(leftovers()).toEqual([]);
  });

  it('gives another user nothing of alice’s decks, and deleting keeps page images for projects', async () => {
    const { pptId } = (await upload(fixture('slides-zh-3p.pdf'), 'b.pdf')).body.data;
    const ready = await waitReady(pptId);
    const image = `${ready.basePath}${ready.uuidStr}/images/1.png`;

    expect((await info(pptId, bob)).body).toMatchObject({ code: 404, msg: 'PDF不存在或无权访问' });
    expect(
      (await t.call('POST', '/virtual/v1/userPpt/delete', { token: bob, body: { PptId: pptId, source: 1 } }))
        .body.code,
    ).toBe(404);
    expect((await t.call('POST', '/virtual/v1/userPpt/list', { token: bob, body: {} })).body.data.count).toBe(
      0,
    );
    expect(
      (await t.server.http.inject({ method: 'GET', url: image, headers: { cookie: `jwt=${bob}` } }))
        .statusCode,
    ).toBe(403);
    expect((await t.server.http.inject({ method: 'GET', url: image })).statusCode).toBe(403);
    // An API client presents its bearer token, as for every other call.
    const bearer = (token: string) =>
      t.server.http.inject({ method: 'GET', url: image, headers: { authorization: `Bearer ${token}` } });
    expect((await bearer(alice)).statusCode).toBe(200);
    expect((await bearer(bob)).statusCode).toBe(403);

    expect(
      (
        await t.call('POST', '/virtual/v1/userPpt/delete', {
          token: alice,
          body: { PptId: pptId, source: 1 },
        })
      ).body.code,
    ).toBe(200);
    expect((await info(pptId)).body.code).toBe(404);
    expect(
      (await t.server.http.inject({ method: 'GET', url: image, headers: { cookie: `jwt=${alice}` } }))
        .statusCode,
    ).toBe(200);
  });
});
