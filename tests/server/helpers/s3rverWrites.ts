import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import FilesystemStore from 's3rver/lib/stores/filesystem.js';

/*
 * s3rver 3.7.1 answers a PUT before the object's file is on disk: its putObject resolves when the
 * body has passed its hashing step (or, for a buffer, as soon as the write is started), not when
 * the file's write stream has finished, and the file is opened only when the busy libuv pool gets
 * to it. A HEAD right after could then find no object: the whole suite once failed s3Store.test
 * with 'no such stored file' just after a write. S3 reads its writes; this makes the loopback
 * double do the same, by the same steps with the write awaited. Loaded by helpers/s3Store.ts.
 */
FilesystemStore.prototype.putObject = async function putObject(object) {
  const objectPath = this.getResourcePath(object.bucket, object.key, 'object');
  await mkdir(path.dirname(objectPath), { recursive: true });
  const md5 = createHash('md5');
  let size = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      md5.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  const body = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
  await pipeline(body, counted, createWriteStream(objectPath));
  const digest = md5.digest('hex');
  await this.putMetadata(object.bucket, object.key, object.metadata, digest);
  return { size, md5: digest };
};
