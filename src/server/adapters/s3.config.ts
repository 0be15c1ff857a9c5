/** Settings of the S3-compatible file store, read from the environment (README "Configuration"). */

export interface S3Config {
  /** http(s)://host:port of an S3-compatible service; absent for AWS itself (by region). */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Absent: the SDK's usual chain (AWS_* variables, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (http://host/bucket/key), as MinIO and most self-hosted services expect. */
  forcePathStyle: boolean;
  /**
   * Base URL browsers reach the bucket's service at. When set, /files answers with a redirect to a
   * presigned URL there; when not, the server streams the file itself.
   */
  publicEndpoint?: string;
  /** Seconds a presigned URL stays valid. */
  presignSeconds: number;
  /** Bytes the local copies of stored files (for ffmpeg, sharp, mupdf) may take before old ones go. */
  cacheMaxBytes: number;
  /** Files larger than this go up as a multipart upload (absent: DEFAULT_MULTIPART_BYTES). */
  multipartThresholdBytes?: number;
  /** Bytes per part of a multipart upload, at least MIN_PART_BYTES (absent: DEFAULT_PART_BYTES). */
  partBytes?: number;
}

const MiB = 1024 * 1024;
/** S3's smallest part (all but the last part of an upload must be at least this big). */
export const MIN_PART_BYTES = 5 * MiB;
export const DEFAULT_MULTIPART_BYTES = 64 * MiB;
export const DEFAULT_PART_BYTES = 16 * MiB;

/** The store's settings from the environment, or undefined when S3_BUCKET is not set (disk store). */
export function s3FromEnv(env: NodeJS.ProcessEnv): S3Config | undefined {
  if (!env.S3_BUCKET) return undefined;
  const endpoint = env.S3_ENDPOINT || undefined;
  return {
    endpoint,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    // A custom endpoint is nearly always a self-hosted service that wants path-style addresses.
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE !== '0' : !!endpoint,
    publicEndpoint: env.S3_PUBLIC_ENDPOINT || undefined,
    presignSeconds: Number(env.S3_PRESIGN_SECONDS) > 0 ? Number(env.S3_PRESIGN_SECONDS) : 3600,
    cacheMaxBytes: (Number(env.S3_CACHE_MB) > 0 ? Number(env.S3_CACHE_MB) : 5 * 1024) * MiB,
    multipartThresholdBytes:
      Number(env.S3_MULTIPART_MB) > 0 ? Number(env.S3_MULTIPART_MB) * MiB : DEFAULT_MULTIPART_BYTES,
    // Smaller parts would be refused by S3 at the end of the upload, so they are raised to 5 MiB.
    partBytes:
      Number(env.S3_PART_MB) > 0
        ? Math.max(MIN_PART_BYTES, Number(env.S3_PART_MB) * MiB)
        : DEFAULT_PART_BYTES,
  };
}
