import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

const DAY_SECONDS = 24 * 3600;

/**
 * Where stored files live: DATA_DIR/files on disk (files.disk.ts) or an S3-compatible bucket
 * (files.s3.ts). Callers name files by a relative key ('avatars/ab12.png'); keys are checked so a
 * client-supplied value can never escape the store. New files are made in local scratch space
 * (tempPath, scratchDir) and moved in whole by commit, so a failure never leaves half a file behind;
 * tools that need a file on disk (ffmpeg, sharp, mupdf) ask for localPath.
 */
export interface FileStore {
  readonly kind: 'disk' | 's3';
  /** The folder the files are in as they are named, when the store is a folder (served as is). */
  readonly localRoot?: string;
  /**
   * With S3, the folder of local copies localPath() answers with (`<version>/<key>`); a render's
   * tasks name their files against it so another machine can fetch its own copies.
   */
  readonly copiesDir?: string;
  /** A fresh local path in the temp folder for an upload or output in progress. */
  tempPath(ext?: string): Promise<string>;
  /** A fresh empty local folder in the temp folder for a job's intermediate files. */
  scratchDir(prefix?: string): Promise<string>;
  /** Moves a finished local temp file (or folder, as keys below `key`) into the store. */
  commit(tempFile: string, key: string): Promise<void>;
  /**
   * Lets `make` write files into a local folder whose files then lie below `key`: on disk the stored
   * folder itself (so `make` must write its files whole, e.g. beside and renamed), with S3 a scratch
   * folder uploaded when `make` succeeded and removed either way.
   */
  fillFolder(key: string, make: (folder: string) => Promise<unknown>): Promise<void>;
  /** Writes `content` under `key` whole. */
  write(key: string, content: string | Uint8Array): Promise<void>;
  /** The bytes stored under a key. */
  read(key: string): Promise<Buffer>;
  /** The UTF-8 text stored under a key. */
  readText(key: string): Promise<string>;
  /**
   * A local file with the key's content, for tools that read files by path. Read it, never change
   * or delete it: on disk it is the stored file itself, with S3 a cached download.
   */
  localPath(key: string): Promise<string>;
  /** Removes a stored key and everything below it (missing files are fine). */
  remove(key: string): Promise<void>;
  /** Bytes stored under a key prefix such as 'u/7' (0 when nothing is there). */
  usedBytes(prefix: string): Promise<number>;
  /**
   * The objects under a key prefix with their size and when they were stored (S3 only: on disk a
   * caller lists the folder itself). For pruning what the store keeps as a cache.
   */
  listObjects?(prefix: string): Promise<{ key: string; size: number; storedMs: number }[]>;
  exists(key: string): Promise<boolean>;
  /**
   * The key's content for an HTTP answer (a byte range of it with `range`), or null when missing;
   * throws RangeNotSatisfiable for a range that starts past the end.
   */
  open(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /**
   * A URL the browser may fetch the key from directly and how long it may keep using it, or null
   * when the file is served through /files.
   */
  directUrl(key: string): Promise<{ url: string; maxAgeSeconds: number } | null>;
  /** A /files URL that serves the key without a bearer header (see UrlSigner). */
  signedUrl(key: string, nowMs?: number): string;
  /** True when `sig` is our signature of the key and the expiry has not passed. */
  verifySignature(key: string, exp: number, sig: string, nowMs?: number): boolean;
}

/** Inclusive byte offsets, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end?: number;
}

/** A stored file opened for serving. */
export interface StoredObject {
  body: Readable;
  /** Bytes in `body`. */
  length: number;
  /** Size of the whole file. */
  size: number;
  /** The range `body` holds when one was asked for. */
  range?: { start: number; end: number };
  contentType: string;
  etag?: string;
  lastModified?: Date;
}

/** A byte range that starts at or past the end of the file (HTTP 416). */
export class RangeNotSatisfiable extends Error {
  constructor(readonly size: number | undefined) {
    super('range not satisfiable');
  }
}

/** An Error for a stored file that is not there, coded like the file system's. */
export function notFound(key: string): Error {
  return Object.assign(new Error(`no such stored file: ${key}`), { code: 'ENOENT' });
}

/** Throws for keys that are not plain relative names (no '..', no empty parts, safe characters). */
export function checkKey(key: string): string {
  if (!/^[A-Za-z0-9_\-./]+$/.test(key) || key.split('/').some((p) => p === '..' || p === '')) {
    throw new Error(`invalid file key: ${key}`);
  }
  return key;
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  json: 'application/json',
  pdf: 'application/pdf',
  srt: 'application/x-subrip',
  ass: 'text/plain; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
};

/** The Content-Type a stored file is served with, by its name. */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).slice(1).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Signed /files URLs, the same for every store: the /files route checks the signature (or the
 * owner's session) and then serves or hands over the file.
 */
export class UrlSigner {
  constructor(private readonly secret: Uint8Array) {}

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

/** The local temp folder (DATA_DIR/tmp) where uploads and outputs are made before commit. */
export class ScratchSpace {
  constructor(private readonly dir: string) {}

  async tempPath(ext = ''): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    return path.join(this.dir, `${randomBytes(12).toString('hex')}${ext}`);
  }

  async scratchDir(prefix = 'work-'): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    return mkdtemp(path.join(this.dir, prefix));
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
