import { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from './s3.config';

/* The S3 store's plumbing: its client, the not-found test, bounded parallel uploads. */

/** A client for the configured service at `endpoint` (undefined: AWS by region). */
export function s3Client(config: S3Config, endpoint: string | undefined): S3Client {
  return new S3Client({
    endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
    // Checksums only where the API demands them: many S3-compatible services reject the newer
    // checksum headers and trailers the SDK would otherwise add to every upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Turns a missing-object error (404) into `fallback()`; other errors pass on. */
export function missingAs<T>(fallback: () => T) {
  return (error: unknown): T => {
    const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404) {
      return fallback();
    }
    throw error;
  };
}

/** Runs `work` over `items`, at most `limit` at a time. */
export async function inBatches<T>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(lanes);
}
