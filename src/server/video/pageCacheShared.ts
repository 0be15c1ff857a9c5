import { copyFile } from 'node:fs/promises';
import type { FileStore } from '../adapters/files';
import { PageCache, type PageCacheLimits } from './pageCache';

/** Where shared pages live in the store: beside users' files, under a prefix of their own. */
export const sharedPageKey = (key: string) => `cache/pages/${key}.mp4`;

/**
 * The page cache every worker shares. On disk (DATA_DIR/files) the workers already share
 * DATA_DIR, so the local cache is the shared one. With S3 each machine's DATA_DIR is its own: a
 * page is then also stored in the bucket, and a local miss looks there before it counts as a
 * miss, so a page rendered on one machine is joined, and reused, on every other.
 */
export class SharedPageCache extends PageCache {
  constructor(
    dir: string,
    private readonly files: Pick<FileStore, 'kind' | 'exists' | 'localPath' | 'tempPath' | 'commit'>,
    limits?: PageCacheLimits,
  ) {
    super(dir, limits);
  }

  override async take(key: string, dest: string): Promise<boolean> {
    if (await super.take(key, dest)) return true;
    if (this.files.kind !== 's3' || !(await this.files.exists(sharedPageKey(key)))) return false;
    await super.put(key, await this.files.localPath(sharedPageKey(key)));
    return super.take(key, dest);
  }

  override async put(key: string, file: string): Promise<void> {
    await super.put(key, file);
    if (this.files.kind !== 's3') return;
    // commit moves its input: the bucket gets a copy, the local cache keeps the page.
    const copy = await this.files.tempPath('.mp4');
    await copyFile(file, copy);
    await this.files.commit(copy, sharedPageKey(key));
  }
}
