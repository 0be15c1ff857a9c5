import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { S3FileStore } from '../../src/server/adapters/files.s3';
import type { PageCacheLimits } from '../../src/server/video/pageCache';
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

  const machine = (limits?: PageCacheLimits) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-machine-'));
    dirs.push(dataDir);
    const files = new S3FileStore(bucket!.config, dataDir, new Uint8Array(32).fill(3));
    return {
      dataDir,
      files,
      cache: new SharedPageCache(path.join(dataDir, 'cache', 'pages'), files, limits),
    };
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

  it('prunes the bucket by the local limits: stored longer ago than the age limit, then the oldest beyond the size cap', async () => {
    bucket ??= await startTestBucket();
    // Room for two 100-byte pages, kept an hour.
    const one = machine({ maxBytes: 250, maxAgeMs: 3600_000 });
    const keys = ['1', '2', '3'].map((c) => c.repeat(40));
    for (const key of keys) {
      const page = path.join(one.dataDir, `${key}.mp4`);
      writeFileSync(page, Buffer.alloc(100, key[0]));
      await one.cache.put(key, page);
      // Listings tell the time a page was stored to the second.
      await new Promise((r) => setTimeout(r, 1100));
    }
    expect(await one.cache.pruneBucket()).toEqual([sharedPageKey(keys[0])]);
    expect(await one.files.exists(sharedPageKey(keys[0]))).toBe(false);
    expect(await one.files.exists(sharedPageKey(keys[2]))).toBe(true);
    // Another machine misses the pruned page, and still finds the others.
    const two = machine();
    expect(await two.cache.take(keys[0], path.join(two.dataDir, 'gone.mp4'))).toBe(false);
    expect(await two.cache.take(keys[1], path.join(two.dataDir, 'kept.mp4'))).toBe(true);
    // Two hours on, every page is older than the age limit.
    expect((await one.cache.pruneBucket(Date.now() + 7200_000)).sort()).toEqual(
      [keys[1], keys[2]].map((k) => sharedPageKey(k)),
    );
    expect(await one.files.listObjects!('cache/pages/')).toEqual([]);
  }, 30_000);
});
