import { DiskFileStore } from './files.disk';
import type { FileStore } from './files';
import type { S3Config } from './s3.config';

/**
 * The configured file store: the S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/files.
 * The S3 client is loaded only then, so the default install never pays for it.
 */
export async function openFileStore(config: {
  dataDir: string;
  jwtSecret: Uint8Array;
  s3?: S3Config;
}): Promise<FileStore> {
  if (!config.s3) return new DiskFileStore(config.dataDir, config.jwtSecret);
  const { S3FileStore } = await import('./files.s3');
  const store = new S3FileStore(config.s3, config.dataDir, config.jwtSecret);
  await store.checkBucket();
  return store;
}
