import { pbkdf2 } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import FilesystemStore from 's3rver/lib/stores/filesystem.js';
import { S3FileStore } from '../../src/server/adapters/files.s3';
import { startTestBucket, type TestBucket } from './helpers/s3Store';

/*
 * s3rver's own putObject acknowledged a PUT before its file was written (helpers/s3rverWrites.ts);
 * the race needs a loaded machine to show, so the first test checks that its version is replaced.
 */
describe('the loopback s3rver the S3 tests use', () => {
  let bucket: TestBucket;
  let dataDir: string;
  let store: S3FileStore;
  beforeAll(async () => {
    bucket = await startTestBucket({ publicEndpoint: undefined });
    dataDir = mkdtempSync(path.join(tmpdir(), 'studio-s3w-'));
    store = new S3FileStore(bucket.config, dataDir, new Uint8Array(32).fill(7));
  });
  afterAll(async () => {
    await bucket.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("stores objects with the write awaited, not with s3rver 3.7.1's unawaited write stream", () => {
    expect(String(FilesystemStore.prototype.putObject)).not.toContain('writeStream.end');
    expect(String(FilesystemStore.prototype.putObject)).toContain('pipeline');
  });

  it('reads its writes at once, as S3 does: the whole object, right after the PUT answered', async () => {
    // A busy libuv pool (as under the whole suite): s3rver's file writes wait in its queue.
    const busy = () =>
      Promise.all(
        Array.from({ length: 16 }, () => new Promise((r) => pbkdf2('x', 'y', 40_000, 32, 'sha256', r))),
      );
    for (let i = 0; i < 20; i++) {
      const body = Buffer.alloc(64 * 1024 + i, i + 1);
      const load = busy();
      await new Promise((r) => setImmediate(r));
      await store.write(`u/1/big-${i}.bin`, body);
      const local = await store.localPath(`u/1/big-${i}.bin`);
      expect(path.basename(local)).toBe(`big-${i}.bin`);
      expect((await store.read(`u/1/big-${i}.bin`)).equals(body)).toBe(true);
      await load;
    }
  });
});
