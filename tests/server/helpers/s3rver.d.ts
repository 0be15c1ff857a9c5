// s3rver ships no types: the part of its API the tests use.
declare module 's3rver' {
  export default class S3rver {
    constructor(options: {
      port?: number;
      address?: string;
      silent?: boolean;
      directory: string;
      configureBuckets?: { name: string }[];
    });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}

// Its file store, whose putObject helpers/s3rverWrites.ts replaces.
declare module 's3rver/lib/stores/filesystem.js' {
  import type { Readable } from 'node:stream';
  interface StoredObject {
    bucket: string;
    key: string;
    metadata: Record<string, string>;
    content: Buffer | Readable;
  }
  export default class FilesystemStore {
    getResourcePath(bucket: string, key: string, resource: string): string;
    putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
    putObject(object: StoredObject): Promise<{ size: number; md5: string }>;
  }
}
