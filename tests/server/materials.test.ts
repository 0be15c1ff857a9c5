import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materialMessages } from '../../src/api/material.contract';
import { probe } from '../../src/server/adapters/media/ffmpeg';
import { synthesisProject } from './helpers/synthesisProject';
import { encodeOnce } from './helpers/toneAudio';
import { multipart, startTestServer, testDialects, type TestServer } from './helpers/testServer';

const UPLOAD = '/virtual/v1/userResources/upload';
const LIST = '/virtual/v1/userResources/list';
const DELETE = '/virtual/v1/userResources/delete';

// A 2 s tone encoded once per format with the bundled ffmpeg.
const work = mkdtempSync(path.join(tmpdir(), 'materials-test-'));
const tone = (ext: string, codec: string[]) =>
  encodeOnce(work, ext, 'sine=f=330:d=2:sample_rate=44100', codec);
const AUDIO: [string, string[]][] = [
  ['mp3', ['-c:a', 'libmp3lame', '-b:a', '128k']],
  ['m4a', ['-c:a', 'aac', '-b:a', '96k']],
  ['aac', ['-c:a', 'aac', '-b:a', '96k', '-f', 'adts']],
  ['ogg', ['-c:a', 'libvorbis']],
  ['flac', ['-c:a', 'flac']],
  ['wav', ['-c:a', 'pcm_s16le']],
];
const png = (width = 640, height = 360) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();

describe.each(testDialects())('materials (userResources) on %s', (dialect) => {
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
  afterAll(() => t.stop());

  const upload = (file: Buffer, name: string, fields: Record<string, string>, token = alice) => {
    const form = multipart('resources', name, file, fields);
    return t.call('POST', UPLOAD, { token, payload: form.payload, headers: form.headers });
  };
  const list = async (type: number, token = alice, extra: object = {}) =>
    (await t.call('POST', LIST, { token, body: { pageIndex: 1, pageSize: 1000, type, ...extra } })).body;
  const fetchFile = (url: string, token: string) =>
    t.server.http.inject({ method: 'GET', url, headers: { cookie: `jwt=${token}` } });
  const materialFiles = (userId: number) => t.stored.list(`u/${userId}/materials`);
  const tempFiles = () => {
    const dir = path.join(t.config.dataDir, 'tmp');
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  it('stores an image re-encoded with a thumbnail, listed newest first and served only to its owner', async () => {
    const first = await upload(await png(), '讲台背景.png', { resourcesType: '2' });
    expect(first.body).toMatchObject({ code: 200, msg: '上传成功' });
    expect(first.body.data).toMatchObject({
      name: '讲台背景',
      type: 2,
      width: 640,
      height: 360,
      durationMs: 0,
    });
    const jpeg = await sharp(await png(300, 200))
      .jpeg()
      .toBuffer();
    const second = await upload(jpeg, 'photo.jpg', { resourcesType: '2' });
    expect(second.body.data).toMatchObject({ name: 'photo', width: 300, height: 200 });

    const body = await list(2);
    expect(body.data.count).toBe(2);
    expect(body.data.list.map((m: { name: string }) => m.name)).toEqual(['photo', '讲台背景']);
    expect((await list(3)).data.count).toBe(0);

    const item = first.body.data;
    const thumb = await fetchFile(item.thumb, alice);
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe('jpeg');
    expect((await fetchFile(item.path, alice)).statusCode).toBe(200);
    // Bob can neither list nor fetch alice's materials.
    expect((await list(2, bob)).data).toMatchObject({ count: 0, list: [] });
    expect((await fetchFile(item.path, bob)).statusCode).toBe(403);
    expect((await fetchFile(item.thumb, bob)).statusCode).toBe(403);
  });

  it.each(AUDIO)('converts %s audio to AAC with its duration', async (ext, codec) => {
    const res = await upload(tone(ext, codec), `配乐.${ext}`, { resourcesType: '3' });
    expect(res.body).toMatchObject({ code: 200 });
    const item = res.body.data;
    expect(item).toMatchObject({ type: 3, name: '配乐', thumb: '' });
    expect(item.durationMs).toBeGreaterThan(1900);
    expect(item.durationMs).toBeLessThan(2200);
    expect(item.path).toMatch(/^\/files\/u\/\d+\/materials\/[0-9a-f]+\.m4a$/);
    const stored = await probe(await t.stored.localCopy(item.path));
    expect(stored.streams.find((s) => s.type === 'audio')?.codec).toBe('aac');
  });

  it('refuses bad uploads with clear messages and leaves nothing behind', async () => {
    const before = await materialFiles(1);
    const cases: [Buffer, string, Record<string, string>, string][] = [
      [await png(), 'music.mp3', { resourcesType: '3' }, materialMessages.audioType],
      [Buffer.from('not an image at all'), 'picture.png', { resourcesType: '2' }, materialMessages.imageType],
      [tone('mp3', AUDIO[0][1]), 'song.png', { resourcesType: '2' }, materialMessages.imageType],
      [Buffer.alloc(0), 'empty.png', { resourcesType: '2' }, materialMessages.empty],
      [await png(), 'a.png', {}, materialMessages.typeRequired],
      [await png(), 'a.png', { resourcesType: '5' }, materialMessages.typeRequired],
      // An MP3 frame header followed by garbage: the right magic bytes, but nothing decodable.
      [
        Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x00]), Buffer.alloc(4000, 7)]),
        'x.mp3',
        { resourcesType: '3' },
        materialMessages.audioUnreadable,
      ],
    ];
    for (const [file, name, fields, message] of cases) {
      const res = await upload(file, name, fields);
      expect(res.body, name).toMatchObject({ code: 400, msg: message });
    }
    // Over 20 MB for an image: refused while streaming.
    const big = Buffer.concat([await png(), Buffer.alloc(21 * 1024 * 1024)]);
    expect((await upload(big, 'huge.png', { resourcesType: '2' })).body).toMatchObject({
      code: 413,
      msg: materialMessages.imageTooLarge,
    });
    const missing = multipart('other', 'a.png', await png(), { resourcesType: '2' });
    expect(
      (await t.call('POST', UPLOAD, { token: alice, payload: missing.payload, headers: missing.headers }))
        .body,
    ).toMatchObject({ code: 400, msg: materialMessages.fileRequired });
    expect(await materialFiles(1)).toEqual(before);
    expect(tempFiles()).toEqual([]);
    expect((await t.call('POST', UPLOAD, { payload: Buffer.alloc(0) })).body.code).toBe(501);
  });

  it('validates the list request', async () => {
    expect((await list(4)).code).toBe(400);
    expect((await list(2, alice, { pageSize: 1001 })).code).toBe(400);
    const paged = (await list(2, alice, { pageSize: 1, pageIndex: 2 })).data;
    expect(paged).toMatchObject({ count: 2, pageIndex: 2, pageSize: 1 });
    expect(paged.list[0].name).toBe('讲台背景');
  });

  it('deletes only the owner’s material, with its files', async () => {
    const item = (await list(2)).data.list[0];
    const del = (token: string, body: object) => t.call('POST', DELETE, { token, body });
    expect((await del(bob, { resourcesId: item.resourcesId, source: 1 })).body).toMatchObject({
      code: 404,
      msg: materialMessages.notFound,
    });
    expect((await fetchFile(item.path, alice)).statusCode).toBe(200);
    expect((await del(alice, { resourcesId: 'abc' })).body.code).toBe(400);
    expect((await del(alice, { resourcesId: item.resourcesId, source: 1 })).body).toMatchObject({
      code: 200,
      msg: '删除成功',
    });
    expect(await t.stored.exists(item.path)).toBe(false);
    expect(await t.stored.exists(item.thumb)).toBe(false);
    expect((await del(alice, { resourcesId: item.resourcesId, source: 1 })).body.code).toBe(404);
    expect((await list(2)).data.count).toBe(1);
  });

  it('refuses to synthesise with deleted background music, charging nothing', async () => {
    const music = (await upload(tone('mp3', AUDIO[0][1]), 'bgm.mp3', { resourcesType: '3' })).body.data;
    const withMusic = await synthesisProject(t, alice, {
      pages: [{ text: '你好', seconds: 3 }],
      bgMusic: music.path,
    });
    const points = async () =>
      (await t.call('GET', '/api/v1/user/profile', { token: alice })).body.data.user.points;
    const before = await points();
    // The project uses it: the delete asks first (409), and goes through with force.
    expect(
      (await t.call('POST', DELETE, { token: alice, body: { resourcesId: music.resourcesId } })).body.code,
    ).toBe(409);
    expect(
      (await t.call('POST', DELETE, { token: alice, body: { resourcesId: music.resourcesId, force: true } }))
        .body.code,
    ).toBe(200);
    const res = await t.call('POST', '/virtual/v1/userPro/composeProject', {
      token: alice,
      body: { projectId: withMusic },
    });
    expect(res.body).toMatchObject({ code: 400, msg: materialMessages.musicMissing });
    expect(await points()).toBe(before);
    // Another user's music path is as good as deleted for alice.
    const bobs = (await upload(tone('mp3', AUDIO[0][1]), 'bob.mp3', { resourcesType: '3' }, bob)).body.data;
    const stolen = await synthesisProject(t, alice, {
      pages: [{ text: '你好', seconds: 3 }],
      bgMusic: bobs.path,
    });
    expect(
      (
        await t.call('POST', '/virtual/v1/userPro/composeProject', {
          token: alice,
          body: { projectId: stolen },
        })
      ).body.msg,
    ).toBe(materialMessages.musicMissing);
    // Music that exists is fine.
    const kept = (await upload(tone('mp3', AUDIO[0][1]), 'kept.mp3', { resourcesType: '3' })).body.data;
    const ok = await synthesisProject(t, alice, {
      pages: [{ text: '你好', seconds: 3 }],
      bgMusic: kept.path,
    });
    expect(
      (await t.call('POST', '/virtual/v1/userPro/composeProject', { token: alice, body: { projectId: ok } }))
        .body.code,
    ).toBe(200);
  });
});
