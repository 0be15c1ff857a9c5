import { copyFile } from 'node:fs/promises';
import type { FileStore } from '../adapters/files';
import { DEFAULT_CACHE_LIMITS, PageCache, type PageCacheLimits } from './pageCache';

/** Where shared pages live in the store: beside users' files, under a prefix of their own. */
const PAGES_PREFIX = 'cache/pages';
export const sharedPageKey = (key: string, prefix = PAGES_PREFIX) => `${prefix}/${key}.mp4`;
/** Every render prunes its cache; the bucket's copy (one listing of it) at most this often per process. */
const BUCKET_PRUNE_EVERY_MS = 3600_000;

/**
 * The page cache every worker shares. On disk (DATA_DIR/files) the workers already share
 * DATA_DIR, so the local cache is the shared one. With S3 each machine's DATA_DIR is its own: a
 * page is then also stored in the bucket, and a local miss looks there before it counts as a
 * miss, so a page rendered on one machine is joined, and reused, on every other.
 */
export class SharedPageCache extends PageCache {
  private bucketPrunedAt = Number.NEGATIVE_INFINITY;

  constructor(
    dir: string,
    private readonly files: Pick<
      FileStore,
      'kind' | 'exists' | 'localPath' | 'tempPath' | 'commit' | 'remove' | 'listObjects'
    >,
    private readonly bucketLimits: PageCacheLimits = DEFAULT_CACHE_LIMITS,
    /** Where its entries live in the store (another shared cache, the soundtrack pieces, has its own). */
    private readonly prefix = PAGES_PREFIX,
  ) {
    super(dir, bucketLimits);
  }

  /**
   * Prunes this machine's cache, and with S3 the bucket's pages by the same limits: pages stored
   * longer ago than the age limit go, then the oldest beyond the size cap. The bucket cannot tell
   * when a page was last used (a hit does not rewrite it), so a page's age there is the time since
   * it was stored; a page pruned from the bucket but still wanted is rendered (and stored) again.
   */
  override async prune(now = Date.now()): Promise<{ removed: number; bytes: number }> {
    const local = await super.prune(now);
    if (
      this.files.kind === 's3' &&
      this.files.listObjects &&
      now - this.bucketPrunedAt >= BUCKET_PRUNE_EVERY_MS
    ) {
      this.bucketPrunedAt = now;
      // A render does not fail over its cache: an unreachable bucket is pruned next time.
      await this.pruneBucket(now).catch(() => undefined);
    }
    return local;
  }

  /** Removes the bucket's pages beyond the limits; answers the keys it removed. */
  async pruneBucket(now = Date.now()): Promise<string[]> {
    const pages = await this.files.listObjects!(`${this.prefix}/`);
    const newestFirst = pages.sort((a, b) => b.storedMs - a.storedMs);
    const { maxAgeMs, maxBytes } = this.bucketLimits;
    let kept = 0;
    const stale = newestFirst.filter((page) => {
      const keep = now - page.storedMs <= maxAgeMs && kept + page.size <= maxBytes;
      if (keep) kept += page.size;
      return !keep;
    });
    for (const page of stale) await this.files.remove(page.key);
    return stale.map((page) => page.key);
  }

  override async take(key: string, dest: string): Promise<boolean> {
    if (await super.take(key, dest)) return true;
    if (this.files.kind !== 's3' || !(await this.files.exists(sharedPageKey(key, this.prefix)))) return false;
    await super.put(key, await this.files.localPath(sharedPageKey(key, this.prefix)));
    return super.take(key, dest);
  }

  override async put(key: string, file: string): Promise<void> {
    await super.put(key, file);
    if (this.files.kind !== 's3') return;
    // commit moves its input: the bucket gets a copy, the local cache keeps the page.
    const copy = await this.files.tempPath('.mp4');
    await copyFile(file, copy);
    await this.files.commit(copy, sharedPageKey(key, this.prefix));
  }
}
