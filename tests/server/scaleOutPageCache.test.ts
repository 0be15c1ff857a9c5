import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { S3FileStore } from '../../src/server/adapters/files.s3';
import { SharedPageCache, sharedPageKey } from '../../src/server/video/pageCacheShared';
import { startTestBucket, type TestBucket } from './helpers/s3Store';

/*
 * Issue 12: with S3 each worker machine has a DATA_DIR of its own, so the page cache is shared
 * through the bucket: a page one machine rendered is found by another (the render that fanned it
 * out, or any later render of the same page), and kept in that machine's local cache from then on.
 */

describe('the page cache shared through S3', () => {
  let bucket: TestBucket | undefined;
  const dirs: string[] = [];
  afterAll(async () => {
    await bucket?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const machine = () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-machine-'));
    dirs.push(dataDir);
    const files = new S3FileStore(bucket!.config, dataDir, new Uint8Array(32).fill(3));
    return { dataDir, files, cache: new SharedPageCache(path.join(dataDir, 'cache', 'pages'), files) };
  };

  it('finds a page another machine rendered, then keeps it locally', async () => {
    bucket = await startTestBucket();
    const one = machine();
    const two = machine();
    const page = path.join(one.dataDir, 'page.mp4');
    writeFileSync(page, 'a rendered page');
    const key = 'a'.repeat(40);

    expect(await two.cache.take(key, path.join(two.dataDir, 'before.mp4'))).toBe(false);
    await one.cache.put(key, page);
    expect(readFileSync(page, 'utf8')).toBe('a rendered page'); // the renderer's file stays
    expect(await one.files.exists(sharedPageKey(key))).toBe(true);

    const joined = path.join(two.dataDir, 'joined.mp4');
    expect(await two.cache.take(key, joined)).toBe(true);
    expect(readFileSync(joined, 'utf8')).toBe('a rendered page');
    // From now on the second machine has it in its own cache, even without the bucket.
    await one.files.remove(sharedPageKey(key));
    const again = path.join(two.dataDir, 'again.mp4');
    expect(await two.cache.take(key, again)).toBe(true);
    expect(readFileSync(again, 'utf8')).toBe('a rendered page');
    expect(await machine().cache.take(key, path.join(two.dataDir, 'third.mp4'))).toBe(false);
  });
});
