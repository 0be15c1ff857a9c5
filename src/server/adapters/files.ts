import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

const DAY_SECONDS = 24 * 3600;

/**
 * The file store under DATA_DIR/files. Callers name files by a relative key ('avatars/ab12.png');
 * keys are checked so a client-supplied value can never escape the root, and files are written to
 * a temporary name first and renamed into place so a failure never leaves half a file behind.
 */
export class FileStore {
  readonly root: string;
  private readonly tmpDir: string;

  constructor(
    dataDir: string,
    private readonly secret: Uint8Array,
  ) {
    this.root = path.join(dataDir, 'files');
    this.tmpDir = path.join(dataDir, 'tmp');
    mkdirSync(this.root, { recursive: true });
  }

  /** Absolute path of a stored key; throws for keys that would leave the store. */
  resolve(key: string): string {
    if (!/^[A-Za-z0-9_\-./]+$/.test(key) || key.split('/').some((p) => p === '..' || p === '')) {
      throw new Error(`invalid file key: ${key}`);
    }
    const full = path.join(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw new Error(`invalid file key: ${key}`);
    return full;
  }

  /** A fresh path in the temp folder for an upload in progress. */
  async tempPath(ext = ''): Promise<string> {
    await mkdir(this.tmpDir, { recursive: true });
    return path.join(this.tmpDir, `${randomBytes(12).toString('hex')}${ext}`);
  }

  /** Moves a finished temp file into place under `key`. */
  async commit(tempFile: string, key: string): Promise<void> {
    const target = this.resolve(key);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(tempFile, target);
  }

  /** Removes a stored key (missing files are fine). */
  async remove(key: string): Promise<void> {
    await rm(this.resolve(key), { force: true, recursive: true });
  }

  /** Bytes stored under a key prefix such as 'u/7' (0 when nothing is there). */
  async usedBytes(prefix: string): Promise<number> {
    const entries = await readdir(this.resolve(prefix), { recursive: true, withFileTypes: true }).catch(
      () => [],
    );
    const sizes = await Promise.all(
      entries
        .filter((e) => e.isFile())
        .map((e) =>
          stat(path.join(e.parentPath, e.name)).then(
            (s) => s.size,
            () => 0,
          ),
        ),
    );
    return sizes.reduce((sum, size) => sum + size, 0);
  }

  async exists(key: string): Promise<boolean> {
    return stat(this.resolve(key)).then(
      () => true,
      () => false,
    );
  }

  /**
   * A URL that serves the key without a bearer header (for <img>, <video>, downloads). The expiry
   * is rounded to whole days so the same file keeps the same URL for a day and browsers can cache it.
   */
  signedUrl(key: string, nowMs = Date.now()): string {
    const exp = (Math.floor(nowMs / 1000 / DAY_SECONDS) + 2) * DAY_SECONDS;
    return `/files/${key}?exp=${exp}&sig=${this.signature(key, exp)}`;
  }

  /** True when `sig` is our signature of the key and the expiry has not passed. */
  verifySignature(key: string, exp: number, sig: string, nowMs = Date.now()): boolean {
    if (!Number.isFinite(exp) || exp * 1000 < nowMs) return false;
    const expected = Buffer.from(this.signature(key, exp));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private signature(key: string, exp: number): string {
    return createHmac('sha256', this.secret).update(`${key}\n${exp}`).digest('base64url').slice(0, 32);
  }
}
