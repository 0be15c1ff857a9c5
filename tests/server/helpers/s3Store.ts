import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
// Before any s3rver answers: its PUTs then land before they are acknowledged.
import './s3rverWrites';
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

/** The store settings for bucket `bucket` of an s3rver on loopback `port` (its fixed credentials). */
export function s3rverConfig(port: number, bucket: string): S3Config {
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    presignSeconds: 3600,
    cacheMaxBytes: 1024 ** 3,
  };
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
    config: { ...s3rverConfig(port, bucket), ...overrides },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The S3_* variables that point a child server or worker (`npm start`, `npm run worker`) at a bucket. */
export function s3Env(config: S3Config): Record<string, string> {
  return {
    S3_ENDPOINT: config.endpoint!,
    S3_BUCKET: config.bucket,
    S3_REGION: config.region,
    S3_ACCESS_KEY_ID: config.accessKeyId!,
    S3_SECRET_ACCESS_KEY: config.secretAccessKey!,
    S3_FORCE_PATH_STYLE: config.forcePathStyle ? '1' : '0',
  };
}

/**
 * For tests that start server processes themselves: with TEST_STORE=s3 a fresh bucket and the
 * variables that point the processes at it, else nothing (they store files in DATA_DIR/files).
 */
export async function childStore(): Promise<{ env: Record<string, string>; bucket?: TestBucket }> {
  if (!testStoreIsS3()) return { env: {} };
  const bucket = await startTestBucket();
  return { env: s3Env(bucket.config), bucket };
}

/** Every object key in a test bucket (at most a few thousand in a test). */
export async function listBucketKeys(config: S3Config): Promise<string[]> {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId!, secretAccessKey: config.secretAccessKey! },
  });
  const keys: string[] = [];
  let token: string | undefined;
  try {
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: config.bucket, ContinuationToken: token }),
      );
      keys.push(...(page.Contents ?? []).map((o) => o.Key!));
      token = page.NextContinuationToken;
    } while (token);
  } finally {
    client.destroy();
  }
  return keys.sort();
}
