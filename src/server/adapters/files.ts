import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, open, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
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

  /** Writes `content` under `key` whole: a temp file first, renamed into place. */
  async write(key: string, content: string | Uint8Array): Promise<void> {
    const temp = await this.tempPath(path.extname(key));
    try {
      await writeFile(temp, content);
      await this.commit(temp, key);
    } finally {
      await rm(temp, { force: true });
    }
  }

  /** The bytes stored under a key. */
  read(key: string): Promise<Buffer> {
    return readFile(this.resolve(key));
  }

  /** The UTF-8 text stored under a key. */
  readText(key: string): Promise<string> {
    return readFile(this.resolve(key), 'utf8');
  }

  /** A fresh empty folder in the temp folder for a job's intermediate files. */
  async scratchDir(prefix = 'work-'): Promise<string> {
    await mkdir(this.tmpDir, { recursive: true });
    return mkdtemp(path.join(this.tmpDir, prefix));
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

/*
 * Scratch files: temp uploads and half-made outputs, named by absolute path (from tempPath or a
 * scratch folder). Services go through these so none of them touches the disk directly.
 */

/** Removes scratch files or folders; missing ones and empty entries are fine. */
export async function discard(...paths: (string | null | undefined)[]): Promise<void> {
  await Promise.all(paths.filter(Boolean).map((p) => rm(p!, { recursive: true, force: true })));
}

/** The bytes of a scratch file. */
export function readScratch(file: string): Promise<Buffer> {
  return readFile(file);
}

/** Writes a scratch file. */
export function writeScratch(file: string, content: string | Uint8Array): Promise<void> {
  return writeFile(file, content);
}

/** Moves a scratch file to another scratch path (a folder of parts being assembled). */
export async function moveScratch(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  await rename(from, to);
}

/** Size in bytes of a scratch file. */
export async function scratchSize(file: string): Promise<number> {
  return (await stat(file)).size;
}

/** The first `bytes` bytes of a file (content sniffing). */
export async function readHead(file: string, bytes = 16): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A JSON file shipped with the app (library manifests), read once at start. */
export function readBundledJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}
