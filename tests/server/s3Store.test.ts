import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3FileStore } from '../../src/server/adapters/files.s3';
import { DiskFileStore } from '../../src/server/adapters/files.disk';
import { RangeNotSatisfiable, type FileStore } from '../../src/server/adapters/files';
import { openFileStore } from '../../src/server/adapters/openFileStore';
import { S3LocalCache } from '../../src/server/adapters/s3LocalCache';
import { probe } from '../../src/server/adapters/media/ffmpeg';
import { startTestBucket, type TestBucket } from './helpers/s3Store';
import { RenderProject } from './video/renderProject';
import { multipart, startTestServer, type TestServer } from './helpers/testServer';

const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, '../fixtures', name));

/** Every file below a folder (relative paths), [] when it does not exist. */
const filesUnder = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    : [];

describe('S3 file store against s3rver on loopback', () => {
  let bucket: TestBucket;
  let dataDir: string;
  let store: S3FileStore;
  beforeAll(async () => {
    bucket = await startTestBucket({ publicEndpoint: undefined });
    dataDir = mkdtempSync(path.join(tmpdir(), 'studio-s3-'));
    store = new S3FileStore(bucket.config, dataDir, new Uint8Array(32).fill(7));
  });
  afterAll(async () => {
    await bucket.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is chosen by the S3 settings, and a bucket that is not there stops the start', async () => {
    const secret = new Uint8Array(32);
    expect((await openFileStore({ dataDir, jwtSecret: secret })).kind).toBe('disk');
    expect((await openFileStore({ dataDir, jwtSecret: secret, s3: bucket.config })).kind).toBe('s3');
    await expect(
      openFileStore({ dataDir, jwtSecret: secret, s3: { ...bucket.config, bucket: 'no-such-bucket' } }),
    ).rejects.toThrow(/S3 bucket no-such-bucket at http:\/\/127\.0\.0\.1:\d+ is not usable/);
  });

  it('writes, reads, commits files and folders, measures and removes by prefix', async () => {
    await store.write('u/1/notes/a.json', '{"a":1}');
    expect(await store.readText('u/1/notes/a.json')).toBe('{"a":1}');
    expect(await store.exists('u/1/notes/a.json')).toBe(true);
    // A key prefix with objects below it exists, as a folder does on disk.
    expect(await store.exists('u/1/notes')).toBe(true);
    expect(await store.exists('u/1/nothing.png')).toBe(false);
    await expect(store.read('u/1/nothing.png')).rejects.toMatchObject({ code: 'ENOENT' });

    const temp = await store.tempPath('.bin');
    writeFileSync(temp, Buffer.alloc(5000, 3));
    await store.commit(temp, 'u/1/big.bin');
    expect(existsSync(temp)).toBe(false);
    expect((await store.read('u/1/big.bin')).equals(Buffer.alloc(5000, 3))).toBe(true);

    const folder = await store.scratchDir('deck-');
    mkdirSync(path.join(folder, 'images'));
    writeFileSync(path.join(folder, 'images', '1.png'), 'one');
    writeFileSync(path.join(folder, 'images', '2.png'), 'two!');
    await store.commit(folder, 'u/1/deck');
    expect(existsSync(folder)).toBe(false);
    expect(await store.readText('u/1/deck/images/2.png')).toBe('two!');

    expect(await store.usedBytes('u/1')).toBe(7 + 5000 + 3 + 4);
    expect(await store.usedBytes('u/2')).toBe(0);
    await store.remove('u/1/deck');
    expect(await store.exists('u/1/deck/images/1.png')).toBe(false);
    expect(await store.usedBytes('u/1')).toBe(7 + 5000);
    await expect(store.exists('u/1/../2/x')).rejects.toThrow(/invalid file key/);
  });

  it('gives a local copy downloaded once, and a new copy for a new version', async () => {
    await store.write('u/1/clip.wav', 'first');
    const first = await store.localPath('u/1/clip.wav');
    expect(first.startsWith(path.join(dataDir, 'cache', 'objects'))).toBe(true);
    expect(first.endsWith('/u/1/clip.wav')).toBe(true);
    expect(readFileSync(first, 'utf8')).toBe('first');
    const fetchedAt = statSync(first).ino;
    expect(await store.localPath('u/1/clip.wav')).toBe(first);
    expect(statSync(first).ino).toBe(fetchedAt);

    await store.write('u/1/clip.wav', 'second version');
    const second = await store.localPath('u/1/clip.wav');
    expect(second).not.toBe(first);
    expect(readFileSync(second, 'utf8')).toBe('second version');
    // The older copy stays for whoever still reads it; removing the key removes every copy.
    expect(readFileSync(first, 'utf8')).toBe('first');
    await store.remove('u/1/clip.wav');
    expect([first, second].some((f) => existsSync(f))).toBe(false);
    await expect(store.localPath('u/1/clip.wav')).rejects.toMatchObject({ code: 'ENOENT' });
    // Nothing of the store is on local disk but the cache.
    expect(filesUnder(path.join(dataDir, 'files'))).toEqual([]);
  });

  it('keeps local copies within their budget, least recently used going first', async () => {
    const cache = new S3LocalCache(path.join(dataDir, 'lru'), 100);
    const copy = (key: string, etag: string) =>
      cache.get(key, { etag, size: 60, lastModified: new Date(1e12) }, async (file) =>
        writeFileSync(file, Buffer.alloc(60, 1)),
      );
    const a = await copy('u/1/a.png', '"aa"');
    await new Promise((r) => setTimeout(r, 20));
    const b = await copy('u/1/b.png', '"bb"');
    await new Promise((r) => setTimeout(r, 20));
    const c = await copy('u/1/c.png', '"cc"');
    // Copies keep the object's date, which the render's page cache keys inputs by.
    expect(statSync(c).mtimeMs).toBe(1e12);
    // Copies used within the hour may be open in a running render: over budget, all stay.
    await cache.prune();
    expect([a, b, c].map((f) => existsSync(f))).toEqual([true, true, true]);
    await new Promise((r) => setTimeout(r, 20));
    await copy('u/1/a.png', '"aa"');
    // Two hours on, the least recently used go until the folder is under 80% of the budget.
    await cache.prune(Date.now() + 2 * 3600_000);
    expect([a, b, c].map((f) => existsSync(f))).toEqual([true, false, false]);
    expect(existsSync(path.dirname(b))).toBe(false);
  });

  it.each(['s3', 'disk'])('opens byte ranges for streaming (%s store)', async (kind) => {
    const files: FileStore = kind === 's3' ? store : new DiskFileStore(dataDir, new Uint8Array(32));
    await files.write('u/1/v.mp4', Buffer.from('0123456789'));
    const whole = await files.open('u/1/v.mp4');
    expect(whole).toMatchObject({ length: 10, size: 10, contentType: 'video/mp4' });
    whole!.body.destroy();
    const part = await files.open('u/1/v.mp4', { start: 2, end: 5 });
    expect(part).toMatchObject({ length: 4, size: 10, range: { start: 2, end: 5 } });
    const chunks: Buffer[] = [];
    for await (const chunk of part!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('2345');
    await expect(files.open('u/1/v.mp4', { start: 10 })).rejects.toBeInstanceOf(RangeNotSatisfiable);
    expect(await files.open('u/1/none.mp4')).toBeNull();
    await files.remove('u/1/v.mp4');
  });

  it('presigns URLs on the public endpoint', async () => {
    await store.write('u/1/v.mp4', Buffer.from('0123456789'));

    expect(await store.directUrl('u/1/v.mp4')).toBeNull();
    const publicStore = new S3FileStore(
      { ...bucket.config, publicEndpoint: bucket.config.endpoint },
      dataDir,
      new Uint8Array(32),
    );
    const now = Date.now();
    const direct = await publicStore.directUrl('u/1/v.mp4', now);
    expect(direct!.maxAgeSeconds).toBeGreaterThan(0);
    // Stable within its window, so the browser's cache of the file keeps working.
    expect((await publicStore.directUrl('u/1/v.mp4', now + 1000))!.url).toBe(direct!.url);
    const res = await fetch(direct!.url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('0123456789');
    // s3rver does not check SigV4 signatures, so only the URL's form is checked here.
    expect(direct!.url).toMatch(/X-Amz-Expires=7200&X-Amz-Signature=[0-9a-f]{64}/);
  });
});

describe('the server with the S3 store', () => {
  let bucket: TestBucket;
  let t: TestServer;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    bucket = await startTestBucket();
    t = await startTestServer('sqlite', { s3: bucket.config });
    await t.server.services.accounts.createUser('alice', 'secret123');
    await t.server.services.accounts.createUser('bob', 'secret123');
    alice = await t.login('alice', 'secret123');
    bob = await t.login('bob', 'secret123');
  });
  afterAll(async () => {
    await t.stop();
    await bucket.stop();
  });

  it('rasterises an uploaded PDF into the bucket and serves its pages to the owner only', async () => {
    expect(t.server.files.kind).toBe('s3');
    const form = multipart('resources', '季度汇报.pdf', fixture('slides-zh-3p.pdf'), {
      name: '季度汇报',
      description: '',
      source: '1',
      type: '2',
    });
    const up = await t.call('POST', '/virtual/v1/userPpt/upload', {
      token: alice,
      payload: form.payload,
      headers: form.headers,
    });
    expect(up.body.code).toBe(200);
    let ready: { status: string; basePath: string; uuidStr: string; thumb: string } | undefined;
    await expect
      .poll(async () => {
        const res = await t.call('POST', '/virtual/v1/userPpt/info', {
          token: alice,
          body: { pptId: up.body.data.pptId, type: 2 },
        });
        ready = res.body.data;
        return ready!.status;
      })
      .toBe('ready');

    const page = `${ready!.basePath}${ready!.uuidStr}/images/1.png`;
    const res = await t.server.http.inject({ method: 'GET', url: page, headers: { cookie: `jwt=${alice}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(1920);
    // A range, as <video> asks for, and a revalidation by ETag.
    const head = await t.server.http.inject({
      method: 'GET',
      url: page,
      headers: { cookie: `jwt=${alice}`, range: 'bytes=0-7' },
    });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-range']).toBe(`bytes 0-7/${res.rawPayload.length}`);
    expect(head.rawPayload.equals(res.rawPayload.subarray(0, 8))).toBe(true);
    const onlyHeaders = await t.server.http.inject({
      method: 'HEAD',
      url: page,
      headers: { cookie: `jwt=${alice}` },
    });
    expect([
      onlyHeaders.statusCode,
      onlyHeaders.headers['content-length'],
      onlyHeaders.rawPayload.length,
    ]).toEqual([200, String(res.rawPayload.length), 0]);
    const again = await t.server.http.inject({
      method: 'GET',
      url: page,
      headers: { cookie: `jwt=${alice}`, 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const past = await t.server.http.inject({
      method: 'GET',
      url: page,
      headers: { cookie: `jwt=${alice}`, range: `bytes=${res.rawPayload.length}-` },
    });
    expect(past.statusCode).toBe(416);
    // The same ownership rules as on disk: not bob's, not without a session or signature.
    expect(
      (await t.server.http.inject({ method: 'GET', url: page, headers: { cookie: `jwt=${bob}` } }))
        .statusCode,
    ).toBe(403);
    expect((await t.server.http.inject({ method: 'GET', url: page })).statusCode).toBe(403);
    const signed = t.server.files.signedUrl(page.replace('/files/', ''));
    expect((await t.server.http.inject({ method: 'GET', url: signed })).statusCode).toBe(200);
    const deck = `${ready!.basePath}${ready!.uuidStr}`.replace('/files/', '');
    const missing = `/files/${deck}/images/99.png`;
    expect(
      (await t.server.http.inject({ method: 'GET', url: missing, headers: { cookie: `jwt=${alice}` } }))
        .statusCode,
    ).toBe(404);

    // The deck is in the bucket; nothing of alice's is under DATA_DIR/files.
    expect(await t.server.files.exists(`${deck}/source.pdf`)).toBe(true);
    expect(await t.server.files.exists(`${deck}/thumb.png`)).toBe(true);
    expect(filesUnder(path.join(t.config.dataDir, 'files'))).toEqual([]);
    expect(filesUnder(path.join(t.config.dataDir, 'tmp'))).toEqual([]);
  });

  it('renders a project whose background and narration are in the bucket', async () => {
    const userId = await t.server.services.accounts.createUser('dave', 'secret123');
    const token = await t.login('dave', 'secret123');
    const project = await RenderProject.create(t, token, userId);
    const background = `u/${userId}/test/bg.png`;
    const png = await sharp({
      create: { width: 1280, height: 720, channels: 3, background: { r: 30, g: 60, b: 200 } },
    })
      .png()
      .toBuffer();
    await t.server.files.write(background, png);
    const clip = await project.speak('大家好，欢迎收看。');
    expect(await t.server.files.exists(clip.soundPath.replace('/files/', ''))).toBe(true);

    const doc = project.document(1, `/files/${background}`, [{ text: '大家好，欢迎收看。', ...clip }], 2);
    const { file, result } = await project.render(doc, 'rendered.mp4');
    expect(await t.server.files.exists(result.key)).toBe(true);
    const info = await probe(file);
    expect(info.durationMs).toBeGreaterThan(clip.timings.durationMs - 100);
    expect(info.streams.some((s) => s.type === 'audio')).toBe(true);
    // The render read local copies and stored its video in the bucket: still nothing in DATA_DIR/files.
    expect(filesUnder(path.join(t.config.dataDir, 'files'))).toEqual([]);
  });

  it('redirects /files to a presigned URL when the bucket has a public address', async () => {
    const direct = await startTestServer('sqlite', {
      s3: { ...bucket.config, publicEndpoint: bucket.config.endpoint },
    });
    try {
      await direct.server.files.write('u/1/hello.txt', 'hello');
      await direct.server.services.accounts.createUser('carol', 'secret123');
      const carol = await direct.login('carol', 'secret123');
      const res = await direct.server.http.inject({
        method: 'GET',
        url: '/files/u/1/hello.txt',
        headers: { authorization: `Bearer ${carol}` },
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/t-[0-9a-f]+\/u\/1\/hello\.txt\?/);
      expect(await (await fetch(String(res.headers.location))).text()).toBe('hello');
    } finally {
      await direct.stop();
    }
  });
});
