import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sceneMessages } from '../../src/api/scene.contract';
import { multipart, startTestServer, testDialects, type TestServer } from './helpers/testServer';
import { near } from './helpers/video';

type Rgb = [number, number, number];
const GREEN: Rgb = [40, 190, 70];

/** An image of `width` x `height` in three vertical bands (red | green | blue). */
function bands(width: number, height: number, format: 'png' | 'jpeg' | 'gif'): Promise<Buffer> {
  const third = Math.floor(width / 3);
  const band = (r: number, g: number, b: number, w: number) =>
    sharp({ create: { width: w, height, channels: 3, background: { r, g, b } } })
      .png()
      .toBuffer();
  return Promise.all([band(230, 30, 30, third), band(...GREEN, width - 2 * third), band(30, 60, 200, third)])
    .then(([left, middle, right]) =>
      sharp({ create: { width, height, channels: 3, background: '#000' } }).composite([
        { input: left, left: 0, top: 0 },
        { input: middle, left: third, top: 0 },
        { input: right, left: width - third, top: 0 },
      ]),
    )
    .then((img) => img.toFormat(format).toBuffer());
}

describe.each(testDialects())('custom scenes (%s)', (dialect) => {
  let t: TestServer;
  let alice: string;
  let bob: string;
  let aliceId: number;
  let jpeg: Buffer;
  let png: Buffer;
  const builtIn = { 1: 0, 2: 0 };

  beforeAll(async () => {
    t = await startTestServer(dialect, { runJobs: false });
    aliceId = await t.server.services.accounts.createUser('alice', 'secret123');
    await t.server.services.accounts.createUser('bob', 'secret123');
    alice = await t.login('alice', 'secret123');
    bob = await t.login('bob', 'secret123');
    jpeg = await bands(900, 900, 'jpeg');
    png = await bands(600, 300, 'png');
    for (const sizeType of [1, 2] as const) {
      builtIn[sizeType] = (await list(alice, sizeType)).count;
    }
  });
  afterAll(() => t.stop());

  const post = (token: string, url: string, body: object) => t.call('POST', url, { token, body });
  const list = async (token: string, sizeType: number, pageIndex = 1, pageSize = 100) =>
    (await post(token, '/virtual/v1/scene/list', { pageIndex, pageSize, sizeType })).body.data;
  const upload = async (token: string, file: Buffer, filename: string, fields: Record<string, string>) => {
    const form = multipart('path', filename, file, fields);
    return (await t.call('POST', '/virtual/v1/scene/upload', { token, ...form })).body;
  };
  /** A local copy of a stored file the API named by URL (on disk or from the test bucket). */
  const stored = (url: string) => t.stored.localCopy(url);
  const allExist = async (urls: string[]) =>
    (await Promise.all(urls.map((u) => t.stored.exists(u)))).every(Boolean);
  const noneExist = async (urls: string[]) =>
    !(await Promise.all(urls.map((u) => t.stored.exists(u)))).some(Boolean);
  const tmpFiles = () => {
    const dir = path.join(t.config.dataDir, 'tmp');
    return existsSync(dir) ? readdirSync(dir) : [];
  };
  /** Uploads and names a scene; answers the new list item. */
  const addScene = async (token: string, name: string, sizeType: 1 | 2, file = jpeg) => {
    const up = await upload(token, file, 'photo.jpg', { sizeType: String(sizeType) });
    expect(up.code).toBe(200);
    const res = await post(token, '/virtual/v1/scene/insert', { name, path: up.data, sizeType });
    expect(res.body.code).toBe(200);
    return res.body.data;
  };

  it('scales and crops a JPEG to exactly 1920x1080 and a PNG to 750x1334 (centred), with thumbnails', async () => {
    const landscape = await upload(alice, jpeg, 'square.JPG', { sizeType: '1' });
    expect(landscape.code).toBe(200);
    expect(landscape.data).toMatch(new RegExp(`^/files/u/${aliceId}/scenes/[0-9a-f]{24}\\.jpg$`));
    const l = await sharp(await stored(landscape.data)).metadata();
    expect([l.format, l.width, l.height]).toEqual(['jpeg', 1920, 1080]);

    const portrait = await upload(alice, png, 'wide.png', { sizeType: '2' });
    expect(portrait.code).toBe(200);
    const file = await stored(portrait.data);
    const p = await sharp(file).metadata();
    expect([p.width, p.height]).toEqual([750, 1334]);
    // Cover + centre: a wide image keeps its middle (green) band in the middle of the frame.
    const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * 750 + x) * info.channels)].slice(0, 3) as Rgb;
    expect(near(at(375, 667), GREEN)).toBe(true);
    const thumb = await sharp(await stored(portrait.data.replace(/\.jpg$/, '.thumb.jpg'))).metadata();
    expect([thumb.width, thumb.height]).toEqual([180, 320]);

    // The owner's browser session may load it; another user's may not.
    const own = await t.server.http.inject({
      method: 'GET',
      url: portrait.data,
      headers: { cookie: `jwt=${alice}` },
    });
    expect(own.statusCode).toBe(200);
    const other = await t.server.http.inject({
      method: 'GET',
      url: portrait.data,
      headers: { cookie: `jwt=${bob}` },
    });
    expect(other.statusCode).toBe(403);
  });

  it('refuses what is not a PNG or JPEG by content, whatever its name, and keeps nothing', async () => {
    const before = (await t.stored.list(`u/${aliceId}/scenes`)).length;
    const gif = await bands(300, 200, 'gif');
    const attempts: [Buffer, string][] = [
      [Buffer.from('这不是图片，只是一段文字。'), 'notes.png'],
      [gif, 'anim.gif'],
      [gif, 'anim.png'],
      [jpeg, 'photo.bmp'],
      [
        Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]),
        'x.png',
      ],
    ];
    for (const [file, name] of attempts) {
      const res = await upload(alice, file, name, { sizeType: '1' });
      expect([name, res.code, res.msg]).toEqual([name, 400, sceneMessages.notImage]);
    }
    expect(await t.stored.list(`u/${aliceId}/scenes`)).toHaveLength(before);
    expect(tmpFiles()).toEqual([]);
  });

  it('refuses an image over 20 MB while it streams, and a request without the file', async () => {
    const big = Buffer.concat([jpeg, Buffer.alloc(20 * 1024 * 1024 + 10)]);
    const res = await upload(alice, big, 'huge.jpg', { sizeType: '1' });
    expect([res.code, res.msg]).toEqual([413, sceneMessages.tooLarge]);
    const wrongField = multipart('file', 'photo.jpg', jpeg, { sizeType: '1' });
    const missing = await t.call('POST', '/virtual/v1/scene/upload', { token: alice, ...wrongField });
    expect(missing.body.msg).toBe(sceneMessages.pathRequired);
    expect(tmpFiles()).toEqual([]);
  });

  it('insert needs a name and an image: the spec messages', async () => {
    const up = await upload(alice, jpeg, 'photo.jpg', { sizeType: '1' });
    const insert = (body: object) => post(alice, '/virtual/v1/scene/insert', body);
    expect((await insert({ path: up.data, sizeType: 1 })).body.msg).toBe('请输入背景名称');
    expect((await insert({ name: '   ', path: up.data, sizeType: 1 })).body.msg).toBe('请输入背景名称');
    expect((await insert({ name: '展厅', sizeType: 1 })).body.msg).toBe('请上传背景图片');
    expect((await insert({ name: '展厅', path: '', sizeType: 1 })).body.msg).toBe('请上传背景图片');
    // A landscape image cannot become a portrait scene.
    expect((await insert({ name: '展厅', path: up.data, sizeType: 2 })).body.msg).toBe(
      sceneMessages.wrongOrientation,
    );
    const ok = await insert({ name: ' 展厅 ', path: up.data, sizeType: 1 });
    expect(ok.body.data).toMatchObject({
      name: '展厅',
      path: up.data,
      sizeType: 1,
      width: 1920,
      height: 1080,
      userId: aliceId,
    });
    expect(ok.body.data.thumb).toBe(up.data.replace(/\.jpg$/, '.thumb.jpg'));
    expect((await insert({ name: '又一个', path: up.data, sizeType: 1 })).body.msg).toBe(
      sceneMessages.alreadyAdded,
    );
    await post(alice, '/virtual/v1/scene/delete', { id: ok.body.data.id });
  });

  it('insert refuses another user’s image and paths outside the user’s scene folder', async () => {
    const up = await upload(alice, jpeg, 'photo.jpg', { sizeType: '1' });
    const asBob = await post(bob, '/virtual/v1/scene/insert', { name: '偷来的', path: up.data, sizeType: 1 });
    expect([asBob.body.code, asBob.body.msg]).toEqual([400, sceneMessages.notOwnImage]);
    for (const bad of [
      '/library/scenes/studio.jpg',
      `/files/u/${aliceId}/scenes/../../1/x.jpg`,
      `/files/u/${aliceId}/ppt/abc/source.pdf`,
      `/files/u/${aliceId}/scenes/${'0'.repeat(24)}.jpg`,
    ]) {
      const res = await post(alice, '/virtual/v1/scene/insert', { name: '坏路径', path: bad, sizeType: 1 });
      expect([bad, res.body.msg]).toEqual([bad, sceneMessages.notOwnImage]);
    }
    expect((await list(bob, 1)).count).toBe(builtIn[1]);
  });

  it('lists the built-in scenes followed by the caller’s own of that orientation; others never see them', async () => {
    const first = await addScene(alice, '我的展厅', 1);
    const second = await addScene(alice, '我的教室', 1);
    const tall = await addScene(alice, '竖屏海报', 2, png);

    const all = await list(alice, 1);
    expect(all.count).toBe(builtIn[1] + 2);
    expect(all.list.slice(0, builtIn[1]).every((s: { userId: unknown }) => s.userId === null)).toBe(true);
    expect(all.list.slice(builtIn[1]).map((s: { id: string }) => s.id)).toEqual([first.id, second.id]);

    // Paging runs across the boundary between built-in and own scenes.
    const size = builtIn[1] - 1;
    const page2 = await list(alice, 1, 2, size);
    expect(page2.list.map((s: { id: string }) => s.id)).toEqual(
      all.list.slice(size).map((s: { id: string }) => s.id),
    );
    expect(page2.count).toBe(builtIn[1] + 2);
    const across = await list(alice, 1, 1, builtIn[1] + 1);
    expect(across.list.at(-1).id).toBe(first.id);
    expect((await list(alice, 1, 2, builtIn[1] + 1)).list.map((s: { id: string }) => s.id)).toEqual([
      second.id,
    ]);
    expect((await list(alice, 1, 3, size)).list).toEqual([]);

    const portrait = await list(alice, 2);
    expect(portrait.count).toBe(builtIn[2] + 1);
    expect(portrait.list.at(-1)).toMatchObject({ id: tall.id, userId: aliceId, width: 750, height: 1334 });

    const bobs = await list(bob, 1);
    expect(bobs.count).toBe(builtIn[1]);
    expect(bobs.list.some((s: { userId: unknown }) => s.userId !== null)).toBe(false);

    for (const s of [first, second, tall]) await post(alice, '/virtual/v1/scene/delete', { id: s.id });
  });

  it('deletes only the owner’s own scenes, with their files; built-in scenes are refused', async () => {
    const mine = await addScene(alice, '待删除', 1);
    const files = [mine.path, mine.thumb];
    expect(await allExist(files)).toBe(true);

    const byBob = await post(bob, '/virtual/v1/scene/delete', { id: mine.id });
    expect([byBob.body.code, byBob.body.msg]).toEqual([404, sceneMessages.notFound]);
    const builtInId = (await list(alice, 1)).list[0].id;
    const library = await post(alice, '/virtual/v1/scene/delete', { id: builtInId });
    expect([library.body.code, library.body.msg]).toEqual([403, sceneMessages.builtIn]);
    expect((await post(alice, '/virtual/v1/scene/delete', { id: 'nope' })).body.code).toBe(404);
    expect(await allExist(files)).toBe(true);
    expect((await list(alice, 1)).count).toBe(builtIn[1] + 1);

    const res = await post(alice, '/virtual/v1/scene/delete', { id: Number(mine.id) });
    expect(res.body.code).toBe(200);
    expect(await noneExist(files)).toBe(true);
    expect((await list(alice, 1)).count).toBe(builtIn[1]);
    expect((await post(alice, '/virtual/v1/scene/delete', { id: mine.id })).body.code).toBe(404);
    expect(tmpFiles()).toEqual([]);
  });

  it('requires a login', async () => {
    expect((await t.call('POST', '/virtual/v1/scene/insert', { body: {} })).body.code).toBe(501);
    expect((await t.call('POST', '/virtual/v1/scene/delete', { body: { id: '1' } })).body.code).toBe(501);
  });
});
