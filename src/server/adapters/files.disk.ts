import { createReadStream, mkdirSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  checkKey,
  contentTypeOf,
  RangeNotSatisfiable,
  ScratchSpace,
  UrlSigner,
  type ByteRange,
  type FileStore,
  type StoredObject,
} from './files';

/**
 * The file store under DATA_DIR/files (the default): a key is a path below that folder, files are
 * written to a temporary name first and renamed into place, and the folder is served as is.
 */
export class DiskFileStore extends UrlSigner implements FileStore {
  readonly kind = 'disk';
  readonly root: string;
  private readonly scratch: ScratchSpace;

  constructor(dataDir: string, secret: Uint8Array) {
    super(secret);
    this.root = path.join(dataDir, 'files');
    this.scratch = new ScratchSpace(path.join(dataDir, 'tmp'));
    mkdirSync(this.root, { recursive: true });
  }

  get localRoot(): string {
    return this.root;
  }

  /** Absolute path of a stored key; throws for keys that would leave the store. */
  resolve(key: string): string {
    const full = path.join(this.root, checkKey(key));
    if (!full.startsWith(this.root + path.sep)) throw new Error(`invalid file key: ${key}`);
    return full;
  }

  async localPath(key: string): Promise<string> {
    return this.resolve(key);
  }

  tempPath(ext = ''): Promise<string> {
    return this.scratch.tempPath(ext);
  }

  async commit(tempFile: string, key: string): Promise<void> {
    const target = this.resolve(key);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(tempFile, target);
  }

  async fillFolder(key: string, make: (folder: string) => Promise<unknown>): Promise<void> {
    await make(this.resolve(key));
  }

  async write(key: string, content: string | Uint8Array): Promise<void> {
    const temp = await this.tempPath(path.extname(key));
    try {
      await writeFile(temp, content);
      await this.commit(temp, key);
    } finally {
      await rm(temp, { force: true });
    }
  }

  read(key: string): Promise<Buffer> {
    return readFile(this.resolve(key));
  }

  readText(key: string): Promise<string> {
    return readFile(this.resolve(key), 'utf8');
  }

  scratchDir(prefix = 'work-'): Promise<string> {
    return this.scratch.scratchDir(prefix);
  }

  async remove(key: string): Promise<void> {
    await rm(this.resolve(key), { force: true, recursive: true });
  }

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

  async open(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const file = this.resolve(key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    const start = range?.start ?? 0;
    if (start >= info.size && (range || info.size > 0)) throw new RangeNotSatisfiable(info.size);
    const end = Math.min(range?.end ?? info.size - 1, info.size - 1);
    return {
      body: createReadStream(file, { start, end }),
      length: Math.max(0, end - start + 1),
      size: info.size,
      ...(range ? { range: { start, end } } : {}),
      contentType: contentTypeOf(key),
      lastModified: info.mtime,
    };
  }

  /** Files on disk are served by the /files route itself. */
  async directUrl(): Promise<null> {
    return null;
  }
}
