import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import S3rver from 's3rver';
import type { S3Config } from '../../../src/server/adapters/s3.config';

/** An S3-compatible service on loopback (s3rver) with one fresh bucket, for one test server. */
export interface TestBucket {
  config: S3Config;
  /** Where s3rver keeps the objects (outside any DATA_DIR). */
  directory: string;
  stop(): Promise<void>;
}

/** True when the server tests run with the S3 store (TEST_STORE=s3, see README "Tests"). */
export function testStoreIsS3(): boolean {
  return process.env.TEST_STORE === 's3';
}

/** Starts s3rver on 127.0.0.1 at a free port with an empty bucket. */
export async function startTestBucket(overrides: Partial<S3Config> = {}): Promise<TestBucket> {
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  const bucket = `t-${randomBytes(6).toString('hex')}`;
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    directory,
    config: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      // s3rver's fixed credentials.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      presignSeconds: 3600,
      cacheMaxBytes: 1024 ** 3,
      ...overrides,
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
