import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presenterMessages } from '../../src/api/presenter.contract';
import { probe } from '../../src/server/adapters/media/ffmpeg';
import { startTestServer, testDialects, type TestServer } from './helpers/testServer';
import { storedKey } from './helpers/storedFiles';
import { multiForm, solidImage, talkingVideo, type Rgb } from './helpers/presenterFixtures';
import { near, presenterCalls, rgbaAt, type FormFile } from './helpers/presenterCalls';
import { badPresenterForms, EYES, MOUTH } from './helpers/presenterBadForms';

const BLUE: Rgb = [40, 80, 200];
const RED: Rgb = [220, 30, 30];
const YELLOW: Rgb = [240, 200, 20];
const GREEN: Rgb = [30, 180, 60];

type File = FormFile;

describe.each(testDialects())('我的数字人 (%s)', (dialect) => {
  let t: TestServer;
  let alice: string;
  let bob: string;
  let aliceId: number;
  let body: Buffer;
  let mouthX: Buffer;
  let mouthA: Buffer;
  let mouthC: Buffer;
  let blink: Buffer;
  let greenVideo: Buffer;

  beforeAll(async () => {
    t = await startTestServer(dialect, { runJobs: false });
    aliceId = await t.server.services.accounts.createUser('alice', 'secret123');
    await t.server.services.accounts.createUser('bob', 'secret123');
    alice = await t.login('alice', 'secret123');
    bob = await t.login('bob', 'secret123');
    body = await solidImage(400, 700, BLUE);
    mouthX = await solidImage(120, 80, RED);
    mouthA = await solidImage(120, 80, YELLOW);
    mouthC = await solidImage(60, 40, GREEN);
    blink = await solidImage(140, 40, YELLOW);
    greenVideo = talkingVideo();
  });
  afterAll(() => t.stop());

  const { add, list, listMine, remove, settled: settledFor } = presenterCalls(() => t);
  const settled = (id: string) => settledFor(alice, id);
  /** A local copy of a stored file the API named by URL (on disk or from the test bucket). */
  const stored = (url: string) => t.stored.localCopy(url);
  const besideIt = (url: string, name: string) => `${path.posix.dirname(storedKey(url))}/${name}`;
  const presenterDirs = (userId = aliceId) => t.stored.list(`u/${userId}/presenters`);
  const tmpFiles = () => {
    const dir = path.join(t.config.dataDir, 'tmp');
    return existsSync(dir) ? readdirSync(dir) : [];
  };
  const spriteFiles = (): File[] => [
    { field: 'body', filename: 'body.png', content: body },
    { field: 'mouthX', filename: 'x.png', content: mouthX },
    { field: 'mouthA', filename: 'a.png', content: mouthA },
    { field: 'mouthC', filename: 'c.png', content: mouthC },
  ];

  it('serves the template PNG (800x1400) without a login', async () => {
    const res = await t.server.http.inject({ method: 'GET', url: '/virtual/v1/virtual/template' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 800, 1400]);
  });

  it('creates a picture-plus-mouths presenter: sprites fitted to the anchor, missing shapes by the table', async () => {
    const res = await add(alice, { name: ' 小蓝 ', kind: '1', ...MOUTH, ...EYES }, [
      ...spriteFiles(),
      { field: 'blink', filename: 'blink.png', content: blink },
    ]);
    expect(res.code).toBe(200);
    const item = res.data;
    expect(item).toMatchObject({
      name: '小蓝',
      isPublic: 2,
      status: 1,
      kind: 1,
      type: 1,
      width: 400,
      height: 700,
    });
    expect(item.id).toMatch(/^p\d+$/);
    expect(item.rig.mouth).toEqual({ x: 140, y: 200, width: 120, height: 80 });
    expect(item.rig.eyes).toEqual({ x: 130, y: 140, width: 140, height: 40 });
    // Uploaded X, A, C: B borrows C, G borrows A (B missing), H borrows C, E borrows C.
    const fileOf = (shape: string) => path.basename(item.rig.mouths[shape]);
    expect(Object.keys(item.rig.mouths).sort()).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'X']);
    expect([fileOf('B'), fileOf('G'), fileOf('H'), fileOf('E'), fileOf('F'), fileOf('X')]).toEqual([
      'mouth-C.png',
      'mouth-A.png',
      'mouth-C.png',
      'mouth-C.png',
      'mouth-A.png',
      'mouth-X.png',
    ]);
    // The 60x40 C sprite is scaled into the 120x80 anchor box.
    const c = await sharp(await stored(item.rig.mouths.C)).metadata();
    expect([c.width, c.height]).toEqual([120, 80]);
    // The still shows the rest mouth (red) at the anchor on the blue body.
    expect(near(await rgbaAt(await stored(item.static_img), 200, 240), [...RED, 255])).toBe(true);
    expect(near(await rgbaAt(await stored(item.static_img), 20, 600), [...BLUE, 255])).toBe(true);
    const icon = await sharp(await stored(item.icon)).metadata();
    expect([icon.width, icon.height]).toEqual([256, 256]);
    const b = await sharp(await stored(item.rig.blink)).metadata();
    expect([b.width, b.height]).toEqual([140, 40]);
    // Files are the owner's: another session cannot fetch them.
    const own = await t.call('GET', item.static_img, { headers: { cookie: `jwt=${alice}` } });
    expect(own.status).toBe(200);
    const other = await t.call('GET', item.static_img, { headers: { cookie: `jwt=${bob}` } });
    expect(other.status).not.toBe(200);
    await remove(alice, item.id);
  });

  it('gives a presenter without a blink a transparent one, and the render its resolved rig files', async () => {
    const res = await add(alice, { name: '无眨眼', kind: '1', ...MOUTH }, spriteFiles());
    expect(res.code).toBe(200);
    expect(await rgbaAt(await stored(res.data.rig.blink), 2, 2)).toEqual([0, 0, 0, 0]);
    const files = await t.server.services.presenters.renderFiles(res.data.id, aliceId);
    expect(files?.kind).toBe(1);
    if (files?.kind !== 1) return;
    expect(files.rig.mouth).toEqual({ x: 140, y: 200, width: 120, height: 80 });
    expect(path.basename(files.rig.mouths.D)).toBe('mouth-C.png');
    for (const file of [files.rig.body, files.rig.blink, ...Object.values(files.rig.mouths)]) {
      expect(existsSync(file)).toBe(true);
    }
    expect(await t.server.services.presenters.renderFiles(res.data.id, aliceId + 1)).toBeNull();
    expect(await t.server.services.presenters.renderFiles('xiaoya', aliceId)).toBeNull();
    await remove(alice, res.data.id);
  });

  it('creates a green-screen talking video presenter: keyed poster at once, 25 fps H.264 loop in the background', async () => {
    const res = await add(alice, { name: '绿幕主播', kind: '2', keyEnabled: '1', keySimilarity: '0.25' }, [
      { field: 'video', filename: 'talk.mp4', content: greenVideo },
    ]);
    expect(res.code).toBe(200);
    const item = res.data;
    expect(item).toMatchObject({ kind: 2, type: 2, isPublic: 2, status: 0, width: 320, height: 480 });
    expect(item.keying).toEqual({ color: '#00FF00', similarity: 0.25, blend: 0.08 });
    // The poster is there at once: green corner keyed out, the red square in the middle kept.
    expect((await rgbaAt(await stored(item.static_img), 5, 5))[3]).toBe(0);
    const centre = await rgbaAt(await stored(item.static_img), 160, 240);
    expect(centre[3]).toBe(255);
    expect(centre[0]).toBeGreaterThan(180);
    // While encoding it is listed on 我的数字人 only, not to the editor or the render.
    expect((await listMine(alice)).list.find((p: { id: string }) => p.id === item.id)?.status).toBe(0);
    expect((await list(alice, 2)).list.some((p: { id: string }) => p.id === item.id)).toBe(false);
    expect(await t.server.services.presenters.renderFiles(item.id, aliceId)).toBeNull();
    // A second upload whose source disappears before encoding fails with a reason.
    const broken = await add(alice, { name: '坏视频', kind: '2' }, [
      { field: 'video', filename: 'talk.mp4', content: greenVideo },
    ]);
    await t.stored.remove(besideIt(broken.data.static_img, 'source.video'));

    await t.server.jobs.start(true);
    const ready = await settled(item.id);
    expect(ready).toMatchObject({ status: 1, width: 320, height: 480 });
    const info = await probe(await stored(ready.video));
    const v = info.streams.find((s) => s.type === 'video');
    expect([v?.codec, v?.frameRate, v?.width, v?.height]).toEqual(['h264', 25, 320, 480]);
    expect(info.streams.some((s) => s.type === 'audio')).toBe(false);
    expect(Math.abs(info.durationMs - 2000)).toBeLessThan(120);
    expect(await t.stored.exists(besideIt(ready.video, 'source.video'))).toBe(false);
    expect((await list(alice, 2)).list.some((p: { id: string }) => p.id === item.id)).toBe(true);
    const files = await t.server.services.presenters.renderFiles(item.id, aliceId);
    expect(files).toMatchObject({ kind: 2, width: 320, height: 480, keying: item.keying });
    // The stand-in rig: the presenter's size, every file transparent.
    expect(files?.kind === 2 && files.standIn).toMatchObject({ width: 320, height: 480 });
    if (files?.kind === 2) expect(await rgbaAt(files.standIn.mouths.D, 3, 3)).toEqual([0, 0, 0, 0]);

    expect(await settled(broken.data.id)).toMatchObject({
      status: 2,
      statusMessage: presenterMessages.videoFailed,
    });
    expect((await list(alice, 2)).list.some((p: { id: string }) => p.id === broken.data.id)).toBe(false);
    await remove(alice, broken.data.id);
  });

  it('accepts WebM and MOV talking videos without keying (poster opaque)', async () => {
    for (const format of ['webm', 'mov'] as const) {
      const video = talkingVideo({ format, seconds: 1, background: '0x3050A0' });
      const res = await add(alice, { name: `视频${format}`, kind: '2' }, [
        { field: 'video', filename: `talk.${format}`, content: video },
      ]);
      expect(res.code, format).toBe(200);
      expect(res.data.keying).toBeNull();
      expect((await rgbaAt(await stored(res.data.static_img), 5, 5))[3]).toBe(255);
      const ready = await settled(res.data.id);
      expect(ready.status, format).toBe(1);
      expect((await probe(await stored(ready.video))).formatName).toContain('mp4');
    }
  });

  it('creates single-picture presenters from PNG (kept PNG) and JPEG (kept JPEG)', async () => {
    const png = await add(alice, { name: '照片PNG', kind: '3' }, [
      { field: 'picture', filename: 'me.png', content: await solidImage(300, 500, GREEN) },
    ]);
    expect(png.code).toBe(200);
    expect(png.data).toMatchObject({ kind: 3, width: 300, height: 500, video: '' });
    expect(png.data.static_img).toMatch(/picture\.png$/);
    const jpeg = await add(alice, { name: '照片JPG', kind: '3' }, [
      { field: 'picture', filename: 'me.jpg', content: await solidImage(300, 500, GREEN, 'jpeg') },
    ]);
    expect(jpeg.code).toBe(200);
    expect((await sharp(await stored(jpeg.data.static_img)).metadata()).format).toBe('jpeg');
    const files = await t.server.services.presenters.renderFiles(jpeg.data.id, aliceId);
    expect(files?.kind === 3 && path.basename(files.picture)).toBe('picture.jpg');
    // Opaque pictures are their own figure: nothing measured.
    expect(png.data.rig.figure).toBeUndefined();
    expect(jpeg.data.rig.figure).toBeUndefined();
  });

  it('lists presenters to their owner only, newest first; nobody else can delete them', async () => {
    const mine = await list(alice, 2);
    expect(mine.count).toBe(mine.list.length);
    expect(mine.list.map((c: { name: string }) => c.name).slice(0, 3)).toEqual([
      '照片JPG',
      '照片PNG',
      '视频mov',
    ]);
    expect(
      mine.list.every((c: { id: string; isPublic: number }) => /^p\d+$/.test(c.id) && c.isPublic === 2),
    ).toBe(true);
    expect(await list(bob, 2)).toMatchObject({ count: 0, list: [] });
    expect(await listMine(bob)).toMatchObject({ count: 0, list: [] });
    const builtIn = await list(alice, 1);
    expect(builtIn.list.some((c: { id: string }) => c.id.startsWith('p'))).toBe(false);

    const target = mine.list[0];
    expect(await remove(bob, target.id)).toMatchObject({ code: 404, msg: presenterMessages.notFound });
    expect(await t.stored.exists(target.static_img)).toBe(true);
    expect(await remove(alice, 'xiaoya')).toMatchObject({ code: 404 });
    expect(await remove(alice, '../1')).toMatchObject({ code: 404 });

    expect(await remove(alice, target.id)).toMatchObject({ code: 200 });
    expect(await t.stored.list(path.posix.dirname(storedKey(target.static_img)))).toEqual([]);
    expect((await list(alice, 2)).count).toBe(mine.count - 1);
    expect(await remove(alice, target.id)).toMatchObject({ code: 404 });
  });

  it('refuses bad input with a clear message and leaves nothing behind', async () => {
    const before = (await presenterDirs()).length;
    const cases = await badPresenterForms({ body, blink, greenVideo, sprites: spriteFiles() });
    for (const [fields, files, message] of cases) {
      const res = await add(alice, fields, files);
      expect({ code: res.code, msg: res.msg }, message).toEqual({ code: 400, msg: message });
    }
    // Oversize: a sprite over 2 MB is stopped while streaming.
    const big = Buffer.concat([mouthX, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const tooBig = await add(alice, { name: '甲', kind: '1', ...MOUTH }, [
      { field: 'body', filename: 'body.png', content: body },
      { field: 'mouthX', filename: 'x.png', content: big },
    ]);
    expect(tooBig).toMatchObject({ code: 413, msg: presenterMessages.spriteTooLarge });
    expect((await presenterDirs()).length).toBe(before);
    expect(tmpFiles()).toEqual([]);
  });

  it('needs a login for add and delete', async () => {
    const res = await t.call('POST', '/virtual/v1/virtual/add', multiForm({ name: '甲', kind: '3' }, []));
    expect(res.body.code).toBe(501);
    expect((await t.call('POST', '/virtual/v1/virtual/delete', { body: { id: 'p1' } })).body.code).toBe(501);
    expect((await t.call('POST', '/virtual/v1/virtual/mine', { body: {} })).body.code).toBe(501);
  });

  it('measures the person in a picture with transparent space around them, for 人物全身 and 人物半身', async () => {
    const picture = await sharp({
      create: { width: 300, height: 500, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([{ input: await solidImage(120, 260, GREEN), top: 220, left: 90 }])
      .png()
      .toBuffer();
    const res = await add(alice, { name: '留白', kind: '3' }, [
      { field: 'picture', filename: 'me.png', content: picture },
    ]);
    expect(res.code).toBe(200);
    const figure = { x: 90, y: 220, width: 120, height: 260 };
    expect(res.data.rig.figure).toEqual(figure);
    const files = await t.server.services.presenters.renderFiles(res.data.id, aliceId);
    expect(files?.kind === 3 && files.standIn.figure).toEqual(figure);

    // A presenter made before figures were measured has none stored: its first read measures and
    // stores it (an opaque picture stores null, so it is measured once).
    const id = Number(String(res.data.id).replace(/^\D+/, ''));
    const db = t.server.database.db;
    await db
      .updateTable('presenters')
      .set({ rig: JSON.stringify({ file: 'picture.png' }) })
      .where('id', '=', id)
      .execute();
    const listed = (
      await t.call('POST', '/virtual/v1/virtual/mine', {
        token: alice,
        body: { pageIndex: 1, pageSize: 100 },
      })
    ).body.data.list.find((p: { id: string }) => p.id === res.data.id);
    expect(listed.rig.figure).toEqual(figure);
    const row = await db
      .selectFrom('presenters')
      .select('rig')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.rig!)).toEqual({ file: 'picture.png', figure });
  });
});
