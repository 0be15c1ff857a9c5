import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/*
 * Temporary files a crash can leave behind: uploads and job scratch folders in DATA_DIR/tmp, and
 * the write-beside-then-rename names inside the store and the page cache (`.raster-<hex>.tmp`
 * folders of a deck being rasterised, `<file>.<hex>.tmp.<ext>` of audio and video being written,
 * `.tmp-<hex>.mp4` of a page being cached, `.tmp-<hex>-in-<n>.pam` and `.tmp-<hex>-out-<n>.nut` of
 * head sprites being converted). Work in progress touches its files continuously, so what nobody
 * has written for a while belongs to no running job.
 */
const TEMP_NAME =
  /^\.raster-[0-9a-f]+\.tmp$|^\.tmp-[0-9a-f]+(-(in|out)-\d+)?\.\w+$|\.[0-9a-f]{12}\.tmp(\.\w+)?$/;

/** The newest modification time of a file, or of anything inside a folder. */
async function newestChange(target: string): Promise<number> {
  const info = await stat(target).catch(() => null);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  const names = await readdir(target).catch(() => [] as string[]);
  for (const name of names) newest = Math.max(newest, await newestChange(path.join(target, name)));
  return newest;
}

/** Removes `target` when nothing in it changed within `olderThanMs`; true when removed. */
async function removeIfStale(target: string, olderThanMs: number, now: number): Promise<boolean> {
  if (olderThanMs > 0 && now - (await newestChange(target)) < olderThanMs) return false;
  await rm(target, { recursive: true, force: true, maxRetries: 2 });
  return true;
}

export interface SweepOptions {
  /** Leave what changed more recently than this (0: remove every temporary, nothing runs). */
  olderThanMs: number;
  /** Also look through the whole store and page cache, not only DATA_DIR/tmp (at start). */
  deep: boolean;
}

/** Removes stale temporaries under `dataDir`; answers how many files and folders went. */
export async function sweepTemporaries(
  dataDir: string,
  opts: SweepOptions,
  now = Date.now(),
): Promise<number> {
  let removed = 0;
  const tmp = path.join(dataDir, 'tmp');
  for (const name of await readdir(tmp).catch(() => [] as string[])) {
    if (await removeIfStale(path.join(tmp, name), opts.olderThanMs, now)) removed++;
  }
  if (!opts.deep) return removed;
  for (const top of ['files', 'cache']) {
    const entries = await readdir(path.join(dataDir, top), { recursive: true, withFileTypes: true }).catch(
      () => [],
    );
    for (const entry of entries) {
      if (!TEMP_NAME.test(entry.name)) continue;
      if (await removeIfStale(path.join(entry.parentPath, entry.name), opts.olderThanMs, now)) removed++;
    }
  }
  return removed;
}
