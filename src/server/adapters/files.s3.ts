import { createWriteStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
  type _Object,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  checkKey,
  contentTypeOf,
  notFound,
  RangeNotSatisfiable,
  ScratchSpace,
  UrlSigner,
  type ByteRange,
  type FileStore,
  type StoredObject,
} from './files';
import type { S3Config } from './s3.config';
import { inBatches, missingAs, s3Client } from './s3Client';
import { S3LocalCache, type ObjectVersion } from './s3LocalCache';
import { uploadFile } from './s3Upload';

/** Uploads of one committed folder (a deck's pages) at once. */
const UPLOAD_CONCURRENCY = 4;

/**
 * The file store in an S3-compatible bucket (S3_BUCKET): a key is an object name. Outputs are made
 * in local scratch space and uploaded by commit; tools that read by path get a local copy through
 * S3LocalCache; browsers get the file through /files, streamed or redirected to a presigned URL.
 */
export class S3FileStore extends UrlSigner implements FileStore {
  readonly kind = 's3';
  readonly localRoot = undefined;
  get copiesDir(): string {
    return this.cache.dir;
  }
  readonly client: S3Client;
  /** Signs URLs for the address browsers use, when the service has a public one. */
  private readonly publicClient: S3Client | undefined;
  private readonly scratch: ScratchSpace;
  private readonly cache: S3LocalCache;
  private readonly bucket: string;

  constructor(
    private readonly config: S3Config,
    dataDir: string,
    secret: Uint8Array,
  ) {
    super(secret);
    this.bucket = config.bucket;
    this.client = s3Client(config, config.endpoint);
    this.publicClient = config.publicEndpoint ? s3Client(config, config.publicEndpoint) : undefined;
    this.scratch = new ScratchSpace(path.join(dataDir, 'tmp'));
    this.cache = new S3LocalCache(path.join(dataDir, 'cache', 'objects'), config.cacheMaxBytes);
  }

  /** Fails with a clear message when the bucket cannot be reached (checked once at start). */
  async checkBucket(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket })).catch((error: unknown) => {
      const where = this.config.endpoint ?? `AWS ${this.config.region}`;
      throw new Error(`S3 bucket ${this.bucket} at ${where} is not usable: ${String(error)}`);
    });
  }

  tempPath(ext = ''): Promise<string> {
    return this.scratch.tempPath(ext);
  }

  scratchDir(prefix = 'work-'): Promise<string> {
    return this.scratch.scratchDir(prefix);
  }

  async commit(tempFile: string, key: string): Promise<void> {
    checkKey(key);
    const info = await stat(tempFile);
    if (info.isDirectory()) {
      const entries = await readdir(tempFile, { recursive: true, withFileTypes: true });
      const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
      await inBatches(files, UPLOAD_CONCURRENCY, (file) =>
        this.upload(file, `${key}/${path.relative(tempFile, file).split(path.sep).join('/')}`),
      );
    } else {
      await this.upload(tempFile, key);
    }
    await rm(tempFile, { recursive: true, force: true });
  }

  async fillFolder(key: string, make: (folder: string) => Promise<unknown>): Promise<void> {
    checkKey(key);
    const folder = await this.scratchDir('fill-');
    try {
      await make(folder);
      await this.commit(folder, key);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  async write(key: string, content: string | Uint8Array): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: checkKey(key),
        Body: typeof content === 'string' ? Buffer.from(content) : content,
        ContentType: contentTypeOf(key),
      }),
    );
  }

  async read(key: string): Promise<Buffer> {
    const res = await this.client
      .send(new GetObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }))
      .catch(missingAs(() => null));
    if (!res?.Body) throw notFound(key);
    return Buffer.from(await res.Body.transformToByteArray());
  }

  async readText(key: string): Promise<string> {
    return (await this.read(key)).toString('utf8');
  }

  /**
   * A copy of the current version. Copies of older versions stay as they are (a running job may be
   * reading one) until they age out of the cache or the key is removed.
   */
  async localPath(key: string, attempts = 2): Promise<string> {
    const version = await this.version(key);
    if (!version) throw notFound(key);
    try {
      return await this.cache.get(key, version, async (file) => {
        // IfMatch: a version written meanwhile fails the download instead of landing in the folder
        // of the version asked for.
        const res = await this.client.send(
          new GetObjectCommand({ Bucket: this.bucket, Key: key, IfMatch: version.etag }),
        );
        await pipeline(res.Body as Readable, createWriteStream(file));
      });
    } catch (error) {
      const changed =
        (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 412;
      if (changed && attempts > 1) return this.localPath(key, attempts - 1);
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    checkKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    // A key can name a folder of files (a presenter, a deck): its objects go too.
    let batch: _Object[];
    do {
      batch = await this.list(`${key}/`, 1000);
      if (!batch.length) break;
      const res = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((o) => ({ Key: o.Key! })), Quiet: true },
        }),
      );
      if (res.Errors?.length)
        throw new Error(`could not delete ${res.Errors[0].Key}: ${res.Errors[0].Message}`);
    } while (batch.length);
    await this.cache.forget(key);
  }

  async usedBytes(prefix: string): Promise<number> {
    checkKey(prefix);
    return (await this.list(`${prefix}/`)).reduce((sum, o) => sum + (o.Size ?? 0), 0);
  }

  async listObjects(prefix: string): Promise<{ key: string; size: number; storedMs: number }[]> {
    checkKey(prefix.replace(/\/$/, ''));
    return (await this.list(prefix)).map((o) => ({
      key: o.Key!,
      size: o.Size ?? 0,
      storedMs: o.LastModified?.getTime() ?? 0,
    }));
  }

  async exists(key: string): Promise<boolean> {
    checkKey(key);
    return !!(await this.version(key)) || (await this.list(`${key}/`, 1)).length > 0;
  }

  async open(key: string, range?: ByteRange): Promise<StoredObject | null> {
    checkKey(key);
    const res = await this.client
      .send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end ?? ''}` } : {}),
        }),
      )
      .catch((error: unknown) => {
        if ((error as { name?: string }).name === 'InvalidRange') throw new RangeNotSatisfiable(undefined);
        return missingAs(() => null)(error);
      });
    if (!res?.Body) return null;
    const length = res.ContentLength ?? 0;
    const given = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(res.ContentRange ?? '');
    return {
      body: res.Body as Readable,
      length,
      size: given ? Number(given[3]) : length,
      ...(range && given ? { range: { start: Number(given[1]), end: Number(given[2]) } } : {}),
      contentType: res.ContentType || contentTypeOf(key),
      etag: res.ETag,
      lastModified: res.LastModified,
    };
  }

  /**
   * A presigned URL on the public endpoint (S3_PUBLIC_ENDPOINT), else null. It is signed as of the
   * start of the current window and valid for two, so a file keeps one URL for a while and the
   * browser's cache of it keeps working.
   */
  async directUrl(key: string, nowMs = Date.now()): Promise<{ url: string; maxAgeSeconds: number } | null> {
    if (!this.publicClient) return null;
    const windowMs = this.config.presignSeconds * 1000;
    const signedAt = Math.floor(nowMs / windowMs) * windowMs;
    const url = await getSignedUrl(
      this.publicClient,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: checkKey(key),
        ResponseCacheControl: `private, max-age=${this.config.presignSeconds}`,
      }),
      { expiresIn: 2 * this.config.presignSeconds, signingDate: new Date(signedAt) },
    );
    return { url, maxAgeSeconds: Math.max(0, Math.floor((signedAt + 2 * windowMs - nowMs) / 1000) - 60) };
  }

  /** One PUT, or a multipart upload above S3_MULTIPART_MB (aborted if it fails). */
  private async upload(file: string, key: string): Promise<void> {
    const target = {
      client: this.client,
      bucket: this.bucket,
      key: checkKey(key),
      contentType: contentTypeOf(key),
    };
    await uploadFile(target, file, this.config);
  }

  /** ETag, size and date of a key, or null when there is no such object. */
  private async version(key: string): Promise<ObjectVersion | null> {
    const head = await this.client
      .send(new HeadObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }))
      .catch(missingAs(() => null));
    if (!head) return null;
    return { etag: head.ETag ?? '', size: head.ContentLength ?? 0, lastModified: head.LastModified };
  }

  /** The objects whose names start with `prefix` (at most `limit`). */
  private async list(prefix: string, limit = Number.POSITIVE_INFINITY): Promise<_Object[]> {
    const found: _Object[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix,
          ContinuationToken: token,
          MaxKeys: Math.min(1000, limit - found.length),
        }),
      );
      found.push(...(page.Contents ?? []));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token && found.length < limit);
    return found;
  }
}
