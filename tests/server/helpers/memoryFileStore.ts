import { Readable } from 'node:stream';
import {
  checkKey,
  contentTypeOf,
  notFound,
  UrlSigner,
  type FileStore,
  type StoredObject,
} from '../../../src/server/adapters/files';

/**
 * A FileStore held in a Map, for service tests that need no disk: everything a service does with
 * stored bytes (write, read, exists, remove, usedBytes, open) works; what only a tool on disk needs
 * (temp paths, scratch folders, local paths) throws, so a test that reaches the disk fails loudly.
 */
export class MemoryFileStore implements FileStore {
  readonly kind = 'disk' as const;
  readonly objects = new Map<string, Buffer>();
  private readonly signer = new UrlSigner(new TextEncoder().encode('memory-store-secret'));

  private noDisk(what: string): never {
    throw new Error(`MemoryFileStore has no disk: ${what}`);
  }
  async tempPath(): Promise<string> {
    return this.noDisk('tempPath');
  }
  async scratchDir(): Promise<string> {
    return this.noDisk('scratchDir');
  }
  async commit(): Promise<void> {
    return this.noDisk('commit');
  }
  async fillFolder(): Promise<void> {
    return this.noDisk('fillFolder');
  }
  async localPath(): Promise<string> {
    return this.noDisk('localPath');
  }

  async write(key: string, content: string | Uint8Array): Promise<void> {
    this.objects.set(checkKey(key), Buffer.from(content));
  }
  async read(key: string): Promise<Buffer> {
    const bytes = this.objects.get(checkKey(key));
    if (!bytes) throw notFound(key);
    return bytes;
  }
  async readText(key: string): Promise<string> {
    return (await this.read(key)).toString('utf8');
  }
  async remove(key: string): Promise<void> {
    checkKey(key);
    for (const k of [...this.objects.keys()])
      if (k === key || k.startsWith(`${key}/`)) this.objects.delete(k);
  }
  async usedBytes(prefix: string): Promise<number> {
    let total = 0;
    for (const [k, v] of this.objects) if (k.startsWith(`${prefix}/`)) total += v.length;
    return total;
  }
  async exists(key: string): Promise<boolean> {
    return this.objects.has(checkKey(key));
  }
  async open(key: string): Promise<StoredObject | null> {
    const bytes = this.objects.get(checkKey(key));
    if (!bytes) return null;
    return {
      body: Readable.from([bytes]),
      length: bytes.length,
      size: bytes.length,
      contentType: contentTypeOf(key),
    };
  }
  async directUrl(): Promise<null> {
    return null;
  }
  signedUrl(key: string, nowMs?: number): string {
    return this.signer.signedUrl(key, nowMs);
  }
  verifySignature(key: string, exp: number, sig: string, nowMs?: number): boolean {
    return this.signer.verifySignature(key, exp, sig, nowMs);
  }
}
