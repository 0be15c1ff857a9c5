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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3FileStore } from '../../src/server/adapters/files.s3';
import { DiskFileStore } from '../../src/server/adapters/files.disk';
import { RangeNotSatisfiable, type FileStore } from '../../src/server/adapters/files';
import { openFileStore } from '../../src/server/adapters/openFileStore';
import { S3LocalCache } from '../../src/server/adapters/s3LocalCache';
import { startTestBucket, type TestBucket } from './helpers/s3Store';

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
