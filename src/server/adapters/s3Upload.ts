import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { DEFAULT_MULTIPART_BYTES, DEFAULT_PART_BYTES, MIN_PART_BYTES, type S3Config } from './s3.config';
import { inBatches } from './s3Client';

/*
 * How the S3 store uploads a committed file. One PutObject is capped at the service's single-PUT
 * size (5 GB on AWS) and starts again from zero on any failure, so a large file (a rendered video)
 * goes up as a multipart upload instead: equal parts read straight from the file, a few in flight,
 * each retried on a transient failure. An upload that fails is aborted, so no orphaned parts stay
 * billed and nothing half-written appears under the key. Kept apart from files.s3.ts to keep that
 * file about the store's interface.
 */

/** S3 refuses an upload of more parts than this. */
export const MAX_PARTS = 10_000;
/** Parts of one file in flight at once. */
const PARTS_IN_FLIGHT = 4;
/** Tries of one part before the upload fails (the SDK does not retry a streamed body). */
const PART_ATTEMPTS = 3;
const RETRY_DELAY_MS = 1000;

/** Where a file goes: the store's client, bucket and key, and the Content-Type to store. */
export interface UploadTarget {
  client: S3Client;
  bucket: string;
  key: string;
  contentType: string;
}

/** Uploads a local file to `target`: one PUT up to the configured threshold, else in parts. */
export async function uploadFile(
  target: UploadTarget,
  file: string,
  config: Pick<S3Config, 'multipartThresholdBytes' | 'partBytes'>,
): Promise<void> {
  const { size } = await stat(file);
  if (size > (config.multipartThresholdBytes ?? DEFAULT_MULTIPART_BYTES)) {
    await uploadInParts(target, file, size, config.partBytes ?? DEFAULT_PART_BYTES);
    return;
  }
  await target.client.send(
    new PutObjectCommand({
      Bucket: target.bucket,
      Key: target.key,
      Body: createReadStream(file),
      ContentLength: size,
      ContentType: target.contentType,
    }),
  );
}

/** The part size for a file of `size` bytes: as asked, at least 5 MiB, grown to fit 10,000 parts. */
export function partSizeFor(size: number, partBytes: number): number {
  const fitting = Math.ceil(size / MAX_PARTS / MIN_PART_BYTES) * MIN_PART_BYTES;
  return Math.max(partBytes, MIN_PART_BYTES, fitting);
}

/**
 * Uploads `file` as one multipart upload. On any failure the upload is aborted, once no part is in
 * flight any more (a part that lands after the abort would stay stored), and the error is thrown.
 */
export async function uploadInParts(
  target: UploadTarget,
  file: string,
  size: number,
  partBytes: number,
): Promise<void> {
  const { client, bucket, key } = target;
  const { UploadId } = await client.send(
    new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: target.contentType }),
  );
  if (!UploadId) throw new Error(`S3 started no multipart upload for ${key}`);
  const partSize = partSizeFor(size, partBytes);
  const numbers = Array.from({ length: Math.ceil(size / partSize) }, (_, i) => i + 1);
  const etags: string[] = [];
  let failure: { error: unknown } | undefined;
  await inBatches(numbers, PARTS_IN_FLIGHT, async (n) => {
    if (failure) return;
    const start = (n - 1) * partSize;
    try {
      etags[n - 1] = await uploadPart(target, UploadId, file, n, start, Math.min(partSize, size - start));
    } catch (error) {
      failure ??= { error };
    }
  });
  try {
    if (failure) throw failure.error;
    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: key,
        UploadId,
        MultipartUpload: { Parts: etags.map((ETag, i) => ({ ETag, PartNumber: i + 1 })) },
      }),
    );
  } catch (error) {
    await client
      .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId }))
      .catch((abortError: unknown) => {
        // The upload's error is the one that matters to the caller; a bucket lifecycle rule
        // (AbortIncompleteMultipartUpload) clears the parts left behind (README "Object storage").
        console.warn(`could not abort the multipart upload of ${key}: ${String(abortError)}`);
      });
    throw error;
  }
}

/** Uploads bytes [start, start + length) of `file` as part `n`, retrying a transient failure. */
async function uploadPart(
  target: UploadTarget,
  uploadId: string,
  file: string,
  n: number,
  start: number,
  length: number,
): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const body = createReadStream(file, { start, end: start + length - 1 });
    try {
      const { ETag } = await target.client.send(
        new UploadPartCommand({
          Bucket: target.bucket,
          Key: target.key,
          UploadId: uploadId,
          PartNumber: n,
          Body: body,
          ContentLength: length,
        }),
      );
      if (!ETag) throw new Error(`S3 gave no ETag for part ${n} of ${target.key}`);
      return ETag;
    } catch (error) {
      if (attempt >= PART_ATTEMPTS || !isTransient(error)) throw error;
      await sleep(RETRY_DELAY_MS * attempt);
    } finally {
      body.destroy();
    }
  }
}

/** True for a failure worth another try: no answer at all, a timeout, throttling, a 5xx. */
export function isTransient(error: unknown): boolean {
  const e = error as { name?: string; $retryable?: unknown; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  if (e.$retryable || status === undefined) return true;
  return status >= 500 || status === 408 || status === 429 || e.name === 'RequestTimeout';
}
