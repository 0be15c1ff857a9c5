import { existsSync, readdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { FileStore } from '../../../src/server/adapters/files';
import type { S3FileStore } from '../../../src/server/adapters/files.s3';

/**
 * What a test reads of a server's stored files, the same whether they lie in DATA_DIR/files or in
 * the test bucket (TEST_STORE=s3): tests assert on stored files through this, never on the disk.
 * Every method takes a key ('u/1/scenes/ab.jpg') or the URL the API answered with
 * ('/files/u/1/scenes/ab.jpg?exp=..&sig=..').
 */
export interface StoredFiles {
  read(keyOrUrl: string): Promise<Buffer>;
  exists(keyOrUrl: string): Promise<boolean>;
  /** A local file with the content, for tools that read by path (ffprobe, sharp). Do not change it. */
  localCopy(keyOrUrl: string): Promise<string>;
  /** Puts a file into the store as a user's upload would be (test fixtures). */
  write(keyOrUrl: string, content: string | Uint8Array): Promise<void>;
  /** Removes a stored file or folder as if it had gone missing (failure tests). */
  remove(keyOrUrl: string): Promise<void>;
  /** The names directly below a folder key, sorted, as readdir would list them ([] when none). */
  list(folder: string): Promise<string[]>;
  /**
   * Every stored file at any depth below a folder key, as paths relative to it, sorted; on disk the
   * folders too (as readdir lists them, so an empty leftover folder shows), in a bucket there are none.
   */
  listAll(folder: string): Promise<string[]>;
}

/** The store key of a /files URL (query and leading /files/ removed); keys pass unchanged. */
export function storedKey(keyOrUrl: string): string {
  return keyOrUrl.split('?')[0].replace(/^\/files\//, '');
}

/** `bucket`: the server's S3 bucket (config.s3.bucket) when it stores files in one. */
export function storedFiles(files: FileStore, bucket?: string): StoredFiles {
  return {
    read: (k) => files.read(storedKey(k)),
    exists: (k) => files.exists(storedKey(k)),
    localCopy: (k) => files.localPath(storedKey(k)),
    async write(k, content) {
      const temp = await files.tempPath(path.extname(storedKey(k)));
      await writeFile(temp, content);
      await files.commit(temp, storedKey(k));
    },
    remove: (k) => files.remove(storedKey(k)),
    list: (folder) =>
      files.kind === 's3'
        ? listBucket(files as S3FileStore, bucket!, storedKey(folder))
        : listDisk(files, storedKey(folder)),
    listAll: (folder) =>
      files.kind === 's3'
        ? listBucket(files as S3FileStore, bucket!, storedKey(folder), true)
        : listDiskDeep(files, storedKey(folder)),
  };
}

function listDisk(files: FileStore, folder: string): Promise<string[]> {
  const full = path.join(files.localRoot!, folder);
  return Promise.resolve(existsSync(full) ? readdirSync(full).sort() : []);
}

function listDiskDeep(files: FileStore, folder: string): Promise<string[]> {
  const full = path.join(files.localRoot!, folder);
  if (!existsSync(full)) return Promise.resolve([]);
  return Promise.resolve(readdirSync(full, { recursive: true }).map(String).sort());
}

/** Object names and "folders" directly below `folder/` in the bucket (`deep`: every object below). */
async function listBucket(
  files: S3FileStore,
  bucket: string,
  folder: string,
  deep = false,
): Promise<string[]> {
  const prefix = `${folder.replace(/\/$/, '')}/`;
  const names: string[] = [];
  let token: string | undefined;
  do {
    const page = await files.client.send(
      new ListObjectsV2Command({
        Bucket: bucket,
        Prefix: prefix,
        Delimiter: deep ? undefined : '/',
        ContinuationToken: token,
      }),
    );
    for (const o of page.Contents ?? []) names.push(o.Key!.slice(prefix.length));
    for (const p of page.CommonPrefixes ?? []) names.push(p.Prefix!.slice(prefix.length, -1));
    token = page.NextContinuationToken;
  } while (token);
  return names.sort();
}
