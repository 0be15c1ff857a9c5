import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FileStore } from '../adapters/files';

/*
 * Render plans name files by their absolute path on the machine that planned them. With S3, a
 * render's page and soundtrack tasks run on other machines, whose DATA_DIR and install folder may
 * differ: a task carries its plan with each file named against a root instead (the S3 copies
 * folder, the app's own folder), and the worker that runs it turns the names back into files of its
 * own, fetching the S3 copies it does not have yet. Page cache keys use the same names, so a page
 * rendered on one machine is found by every other.
 */

/** Content hashes of the app's files by path, size and mtime (the ffmpeg binary is hashed once). */
const hashes = new Map<string, string>();

/** Where names start: nothing a plan holds otherwise (text, cues) looks like this. */
const PREFIX = 'portable:';

/** A folder files are named against. */
export interface PathRoot {
  /** Short name in the portable names (`s3`, `app`). */
  name: string;
  dir: string;
  /**
   * Turns `rest` (the path below `dir`) into a local file when it is missing on this machine;
   * without it a missing file stays missing (the render then reports it).
   */
  fetch?: (rest: string) => Promise<string>;
  /**
   * Files of this root change only with the app: their cache identity is their content (hashed once
   * per process), not their mtime, which differs between installs.
   */
  versioned?: boolean;
}

export class PortablePaths {
  constructor(private readonly roots: readonly PathRoot[]) {}

  /** The root `file` lies under and the rest of its path, or null. */
  private rootOf(file: string): { root: PathRoot; rest: string } | null {
    for (const root of this.roots) {
      const rel = path.relative(root.dir, file);
      if (rel && !rel.startsWith('..') && !path.isAbsolute(rel))
        return { root, rest: rel.split(path.sep).join('/') };
    }
    return null;
  }

  /** `file` named against its root (`portable:s3:<etag>/u/7/a.wav`), or as it is when under none. */
  name(file: string): string {
    const found = path.isAbsolute(file) ? this.rootOf(file) : null;
    return found ? `${PREFIX}${found.root.name}:${found.rest}` : file;
  }

  /**
   * The content hash of a file of a versioned root (the app's own files), for cache identities that
   * hold on every install; null for any other file.
   */
  contentHash(file: string): string | null {
    if (!this.rootOf(file)?.root.versioned) return null;
    const { size, mtimeMs } = statSync(file);
    const seen = `${file}|${size}|${mtimeMs}`;
    let hash = hashes.get(seen);
    if (!hash)
      hashes.set(seen, (hash = createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16)));
    return hash;
  }

  /** A copy of `value` with every string that is a file under a root named (see name()). */
  portable<T>(value: T): T {
    return mapStrings(value, (s) => (s.startsWith('/') ? this.name(s) : s)) as T;
  }

  /** A copy of a portable `value` with every name turned into a file on this machine. */
  async local<T>(value: T): Promise<T> {
    const names = new Set<string>();
    mapStrings(value, (s) => (s.startsWith(PREFIX) && names.add(s), s));
    const files = new Map<string, string>();
    for (const name of names) files.set(name, await this.file(name));
    return mapStrings(value, (s) => files.get(s) ?? s) as T;
  }

  private async file(name: string): Promise<string> {
    const [rootName, ...rest] = name.slice(PREFIX.length).split(':');
    const root = this.roots.find((r) => r.name === rootName);
    const below = rest.join(':');
    if (!root) throw new Error(`no folder named ${rootName} on this machine`);
    const file = path.join(root.dir, ...below.split('/'));
    return existsSync(file) || !root.fetch ? file : root.fetch(below);
  }
}

/** A deep copy of a JSON-like value with `map` applied to every string. */
function mapStrings(value: unknown, map: (s: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, map));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, map)]));
  return value;
}

/** The app's own folder (library art, ffmpeg, fonts): the same files on every machine, wherever installed. */
const APP_DIR = path.resolve(import.meta.dirname, '../../..');

/**
 * How a render's tasks name files: S3 copies against the copies folder (a worker
 * fetches its own by key), files in DATA_DIR against it (shared by the workers without S3), the
 * app's files against its folder.
 */
export function renderPaths(files: FileStore, dataDir: string): PortablePaths {
  const roots: PathRoot[] = [];
  if (files.copiesDir)
    roots.push({
      name: 's3',
      dir: files.copiesDir,
      // `<version folder>/<key>`: this machine fetches the key's current version.
      fetch: (rest) => files.localPath(rest.slice(rest.indexOf('/') + 1)),
    });
  // DATA_DIR before the app's folder, which holds the default ./data: users' files are not the app's.
  roots.push({ name: 'data', dir: dataDir }, { name: 'app', dir: APP_DIR, versioned: true });
  return new PortablePaths(roots);
}
