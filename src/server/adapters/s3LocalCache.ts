import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, rmdir, stat, utimes } from 'node:fs/promises';
import path from 'node:path';

/** Which version of a stored object a local copy holds. */
export interface ObjectVersion {
  etag: string;
  size: number;
  lastModified?: Date;
}

/** Keys whose copies this process remembers, so removing a key can remove its copies at once. */
const MAX_REMEMBERED_KEYS = 20_000;
/** A copy handed out this recently may be open in a running job (a long render): never evicted. */
const KEEP_IN_USE_MS = 60 * 60_000;

/**
 * Local copies of S3 objects for tools that read files by path (ffmpeg, sharp, mupdf). A copy lives
 * at <dir>/<etag>/<key>: a new version of a key gets a new folder, so a copy never goes stale and
 * never needs checking beyond the one HEAD that tells the current ETag; the file keeps its key's
 * name and extension. Its mtime is the object's, so the render's page cache (which keys inputs by
 * path, size and mtime) still hits after a copy is fetched again. Downloads land beside the copy
 * under a `.<hex>.tmp` name and are renamed into place, so processes sharing DATA_DIR never see half
 * a file (and the temp sweeper removes what a crash left). Least recently used copies go once the
 * folder passes `maxBytes`.
 */
export class S3LocalCache {
  private readonly inFlight = new Map<string, Promise<string>>();
  /** The copies this process made or used of each key, so a removed key leaves no copy behind. */
  private readonly copies = new Map<string, Set<string>>();
  private bytesSincePrune = Number.POSITIVE_INFINITY;

  constructor(
    readonly dir: string,
    private readonly maxBytes: number,
  ) {}

  /** The local copy of `version` of `key`, made once with `download(tempFile)`. */
  async get(key: string, version: ObjectVersion, download: (file: string) => Promise<void>): Promise<string> {
    const file = path.join(this.dir, versionFolder(version), key);
    let pending = this.inFlight.get(file);
    if (!pending) {
      pending = this.fetch(file, version, download).finally(() => this.inFlight.delete(file));
      this.inFlight.set(file, pending);
    }
    await pending;
    // Remembering is a courtesy (copies age out anyway): a long-lived worker forgets past a bound.
    if (this.copies.size >= MAX_REMEMBERED_KEYS) this.copies.clear();
    let known = this.copies.get(key);
    if (!known) this.copies.set(key, (known = new Set()));
    known.add(file);
    return file;
  }

  /** Removes the copies of `key` and of keys below it (`key/...`) that this process knows of. */
  async forget(key: string): Promise<void> {
    const gone = [...this.copies.keys()].filter((k) => k === key || k.startsWith(`${key}/`));
    for (const k of gone) {
      await Promise.all([...this.copies.get(k)!].map((file) => rm(file, { force: true })));
      this.copies.delete(k);
    }
  }

  private async fetch(file: string, version: ObjectVersion, download: (file: string) => Promise<void>) {
    const mtime = version.lastModified ?? new Date(0);
    const have = await stat(file).catch(() => null);
    if (have?.isFile() && have.size === version.size) {
      // atime marks use, for eviction; mtime stays the object's.
      await utimes(file, new Date(), mtime).catch(() => undefined);
      return file;
    }
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await download(temp);
      await utimes(temp, new Date(), mtime);
      await rename(temp, file);
    } finally {
      await rm(temp, { force: true });
    }
    this.bytesSincePrune += version.size;
    // Walking the folder costs, so it happens at start and after every eighth of the budget.
    if (this.bytesSincePrune > this.maxBytes / 8) {
      this.bytesSincePrune = 0;
      await this.prune();
    }
    return file;
  }

  /** Removes least recently used copies until the folder is under 80% of its budget. */
  async prune(now = Date.now()): Promise<void> {
    const entries = await readdir(this.dir, { recursive: true, withFileTypes: true }).catch(() => []);
    const files = await Promise.all(
      entries
        .filter((e) => e.isFile() && !e.name.endsWith('.tmp'))
        .map(async (e) => {
          const full = path.join(e.parentPath, e.name);
          const info = await stat(full).catch(() => null);
          return { full, size: info?.size ?? 0, used: info?.atimeMs ?? 0 };
        }),
    );
    let total = files.reduce((sum, f) => sum + f.size, 0);
    if (total <= this.maxBytes) return;
    for (const f of files.sort((a, b) => a.used - b.used)) {
      if (total <= this.maxBytes * 0.8 || now - f.used < KEEP_IN_USE_MS) break;
      await rm(f.full, { force: true });
      total -= f.size;
      await removeEmptyFolders(path.dirname(f.full), this.dir);
    }
  }
}

/** A folder name for an object version: its ETag (quotes and odd characters dropped). */
function versionFolder(version: ObjectVersion): string {
  const tag = version.etag.replace(/[^A-Za-z0-9-]/g, '').slice(0, 80);
  return tag || `s${version.size}-${version.lastModified?.getTime() ?? 0}`;
}

/** Removes `folder` and its parents up to (not including) `root` while they are empty. */
async function removeEmptyFolders(folder: string, root: string): Promise<void> {
  for (let dir = folder; dir.startsWith(root + path.sep); dir = path.dirname(dir)) {
    if (
      !(await rmdir(dir).then(
        () => true,
        () => false,
      ))
    )
      return;
  }
}
