import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { S3FileStore } from '../../src/server/adapters/files.s3';
import { s3FromEnv } from '../../src/server/adapters/s3.config';
import { isTransient, MAX_PARTS, partSizeFor } from '../../src/server/adapters/s3Upload';
import { s3rverConfig } from './helpers/s3Store';

const MiB = 1024 * 1024;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Koa's context, as far as the AbortMultipartUpload stand-in below uses it. */
interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  body: unknown;
}
type KoaMiddleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;

/**
 * s3rver 3.7.1 (node_modules/s3rver/lib/routes.js) implements CreateMultipartUpload, UploadPart and
 * CompleteMultipartUpload, but answers AbortMultipartUpload (DELETE ?uploadId) with 405
 * MethodNotAllowed and ListMultipartUploads (GET ?uploads) with 501 NotImplemented. It keeps a
 * pending upload as a folder of parts, <bucket>/._S3rver_uploads/<uploadId>/, which Complete
 * removes. So the bucket here gets the missing Abort as one Koa middleware in front of s3rver's
 * router (the store's real request arrives over HTTP: removes that folder, or 404 NoSuchUpload),
 * and the tests read "pending uploads" from the folder instead of ListMultipartUploads.
 */
async function startBucketWithAbort() {
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  const name = `t-${randomBytes(6).toString('hex')}`;
  const uploadsDir = path.join(directory, name, '._S3rver_uploads');
  const aborted: { uploadId: string; parts: number }[] = [];
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name }],
  });
  const abortMultipartUpload: KoaMiddleware = async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    if (ctx.method !== 'DELETE' || typeof uploadId !== 'string') return next();
    const key = decodeURIComponent(ctx.path).split('/').slice(2).join('/');
    const folder = path.join(uploadsDir, path.basename(uploadId));
    if (!existsSync(folder) || readFileSync(path.join(folder, 'key'), 'utf8') !== key) {
      ctx.status = 404;
      ctx.body = { Error: { Code: 'NoSuchUpload', Message: 'The specified upload does not exist.' } };
      return;
    }
    aborted.push({ uploadId, parts: readdirSync(folder).filter((f) => /^\d+$/.test(f)).length });
    rmSync(folder, { recursive: true, force: true });
    ctx.status = 204;
  };
  // Before the router (the last middleware), after s3rver's logging and XML encoding.
  const { middleware } = server as unknown as { middleware: KoaMiddleware[] };
  middleware.splice(middleware.length - 1, 0, abortMultipartUpload);
  const { port } = await server.run();
  const config = s3rverConfig(port, name);
  return {
    config,
    aborted,
    /** Upload ids of the multipart uploads s3rver holds parts for. */
    pendingUploads: () => (existsSync(uploadsDir) ? readdirSync(uploadsDir) : []),
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

interface SentCommand {
  name: string;
  input: Record<string, unknown>;
}

/**
 * Records every command the store's client sends; `fail` may answer one with an error instead of
 * sending it (a failure injected on the way out).
 */
function recordSends(client: S3Client, fail?: (command: SentCommand) => Error | undefined) {
  const sent: SentCommand[] = [];
  const send = client.send.bind(client) as (command: unknown, options?: unknown) => Promise<unknown>;
  const spy = vi.spyOn(client, 'send').mockImplementation(((command: SentCommand, options?: unknown) => {
    const record = { name: command.constructor.name.replace(/Command$/, ''), input: command.input };
    sent.push(record);
    const injected = fail?.(record);
    return injected ? Promise.reject(injected) : send(command, options);
  }) as unknown as S3Client['send']);
  const named = (name: string) => sent.filter((c) => c.name === name);
  return { sent, named, restore: () => spy.mockRestore() };
}

const failure = (name: string, status: number | undefined, message: string) =>
  Object.assign(new Error(message), { name, $metadata: { httpStatusCode: status } });

describe('S3 multipart uploads against s3rver on loopback', () => {
  let bucket: Awaited<ReturnType<typeof startBucketWithAbort>>;
  let dataDir: string;
  let store: S3FileStore;
  const fileOf = async (content: Buffer) => {
    const file = await store.tempPath('.mp4');
    writeFileSync(file, content);
    return file;
  };
  beforeAll(async () => {
    bucket = await startBucketWithAbort();
    dataDir = mkdtempSync(path.join(tmpdir(), 'studio-s3mp-'));
    // Lowered from 64 MiB; 5 MiB parts are the smallest S3 accepts.
    store = new S3FileStore(
      { ...bucket.config, multipartThresholdBytes: 8 * MiB, partBytes: 5 * MiB },
      dataDir,
      new Uint8Array(32).fill(7),
    );
  });
  afterAll(async () => {
    await bucket?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('commits a file above the threshold in equal parts and reads it back byte for byte', async () => {
    const content = randomBytes(13 * MiB);
    const file = await fileOf(content);
    const calls = recordSends(store.client);
    try {
      await store.commit(file, 'u/1/film.mp4');
    } finally {
      calls.restore();
    }
    expect(calls.named('PutObject')).toHaveLength(0);
    expect(calls.named('CreateMultipartUpload')).toHaveLength(1);
    const parts = calls.named('UploadPart').map((c) => [c.input.PartNumber, c.input.ContentLength]);
    expect(parts.sort()).toEqual([
      [1, 5 * MiB],
      [2, 5 * MiB],
      [3, 3 * MiB],
    ]);
    expect(calls.named('CompleteMultipartUpload')).toHaveLength(1);
    expect(existsSync(file)).toBe(false);
    expect(sha256(await store.read('u/1/film.mp4'))).toBe(sha256(content));
    const stored = await store.open('u/1/film.mp4');
    stored!.body.destroy();
    // s3rver answers the MD5 of the whole object here, not S3's "<md5 of the parts' md5s>-3".
    expect(stored).toMatchObject({ size: 13 * MiB, contentType: 'video/mp4' });
    expect(bucket.pendingUploads()).toEqual([]);
  });

  it('commits a file up to the threshold with one PUT', async () => {
    const content = randomBytes(8 * MiB);
    const calls = recordSends(store.client);
    try {
      await store.commit(await fileOf(content), 'u/1/short.mp4');
    } finally {
      calls.restore();
    }
    expect(calls.sent.map((c) => c.name)).toEqual(['PutObject']);
    expect(sha256(await store.read('u/1/short.mp4'))).toBe(sha256(content));
  });

  it('aborts the upload when a part fails: no object under the key, no parts left', async () => {
    const file = await fileOf(randomBytes(13 * MiB));
    const calls = recordSends(store.client, (c) =>
      c.name === 'UploadPart' && c.input.PartNumber === 2
        ? failure('AccessDenied', 403, 'Access Denied')
        : undefined,
    );
    try {
      await expect(store.commit(file, 'u/1/broken.mp4')).rejects.toThrow('Access Denied');
    } finally {
      calls.restore();
    }
    // Not transient: no second try. Parts 1 and 3 were in flight and landed before the abort.
    expect(calls.named('UploadPart').filter((c) => c.input.PartNumber === 2)).toHaveLength(1);
    expect(calls.named('CompleteMultipartUpload')).toHaveLength(0);
    const [abort] = calls.named('AbortMultipartUpload');
    expect(bucket.aborted).toEqual([{ uploadId: abort.input.UploadId, parts: 2 }]);
    expect(bucket.pendingUploads()).toEqual([]);
    expect(await store.exists('u/1/broken.mp4')).toBe(false);
    // The temporary file stays the caller's, as with a failed PUT.
    expect(existsSync(file)).toBe(true);
    rmSync(file);
  });

  it('tries a part again after a transient failure, three times at most', async () => {
    const content = randomBytes(11 * MiB);
    let failuresLeft = 1;
    const once = recordSends(store.client, (c) =>
      c.name === 'UploadPart' && c.input.PartNumber === 2 && failuresLeft-- > 0
        ? failure('SlowDown', 503, 'Please reduce your request rate.')
        : undefined,
    );
    try {
      await store.commit(await fileOf(content), 'u/1/take.mp4');
    } finally {
      once.restore();
    }
    expect(once.named('UploadPart').filter((c) => c.input.PartNumber === 2)).toHaveLength(2);
    expect(sha256(await store.read('u/1/take.mp4'))).toBe(sha256(content));

    // A connection that keeps failing: the upload gives up and the earlier version stays whole.
    const always = recordSends(store.client, (c) =>
      c.name === 'UploadPart' && c.input.PartNumber === 2
        ? failure('Error', undefined, 'socket hang up')
        : undefined,
    );
    try {
      await expect(store.commit(await fileOf(randomBytes(11 * MiB)), 'u/1/take.mp4')).rejects.toThrow(
        'socket hang up',
      );
    } finally {
      always.restore();
    }
    expect(always.named('UploadPart').filter((c) => c.input.PartNumber === 2)).toHaveLength(3);
    expect(always.named('AbortMultipartUpload')).toHaveLength(1);
    expect(bucket.pendingUploads()).toEqual([]);
    expect(sha256(await store.read('u/1/take.mp4'))).toBe(sha256(content));
  });
});

describe('multipart settings', () => {
  it('reads S3_MULTIPART_MB and S3_PART_MB, parts at least 5 MiB', () => {
    const env = (vars: Record<string, string>) => s3FromEnv({ S3_BUCKET: 'b', ...vars })!;
    expect(env({})).toMatchObject({ multipartThresholdBytes: 64 * MiB, partBytes: 16 * MiB });
    expect(env({ S3_MULTIPART_MB: '100', S3_PART_MB: '32' })).toMatchObject({
      multipartThresholdBytes: 100 * MiB,
      partBytes: 32 * MiB,
    });
    expect(env({ S3_MULTIPART_MB: 'lots', S3_PART_MB: '1' })).toMatchObject({
      multipartThresholdBytes: 64 * MiB,
      partBytes: 5 * MiB,
    });
  });

  it('grows the part size so a huge file fits in 10,000 parts', () => {
    expect(partSizeFor(13 * MiB, 5 * MiB)).toBe(5 * MiB);
    expect(partSizeFor(13 * MiB, 1 * MiB)).toBe(5 * MiB);
    for (const size of [160 * 1024 * MiB, 5 * 1024 ** 4, 5 * 1024 ** 4 + 1]) {
      const part = partSizeFor(size, 16 * MiB);
      expect(Math.ceil(size / part)).toBeLessThanOrEqual(MAX_PARTS);
      expect(part % MiB).toBe(0);
    }
    expect(partSizeFor(160 * 1024 * MiB, 16 * MiB)).toBe(20 * MiB);
  });

  it('retries only failures that may pass', () => {
    expect(isTransient(failure('Error', undefined, 'socket hang up'))).toBe(true);
    expect(isTransient(failure('SlowDown', 503, ''))).toBe(true);
    expect(isTransient(failure('InternalError', 500, ''))).toBe(true);
    expect(isTransient(failure('RequestTimeout', 400, ''))).toBe(true);
    expect(isTransient(failure('AccessDenied', 403, ''))).toBe(false);
    expect(isTransient(failure('NoSuchUpload', 404, ''))).toBe(false);
  });
});
