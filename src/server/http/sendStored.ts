import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RangeNotSatisfiable, type ByteRange, type FileStore } from '../adapters/files';

/**
 * Answers a /files request (already authorised) from a store that is not a local folder: a
 * redirect to the bucket's presigned URL when browsers can reach the bucket, else the file streamed
 * through this server with what <video> seeking needs (byte ranges) and what caches need (ETag).
 */
export async function sendStored(
  files: FileStore,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const direct = await files.directUrl(key);
  if (direct) {
    reply.header('Cache-Control', `private, max-age=${direct.maxAgeSeconds}`);
    return reply.redirect(direct.url, 302);
  }
  const range = parseRange(request.headers.range);
  let stored;
  try {
    stored = await files.open(key, range);
  } catch (error) {
    if (!(error instanceof RangeNotSatisfiable)) throw error;
    if (error.size !== undefined) reply.header('Content-Range', `bytes */${error.size}`);
    return reply.code(416).send();
  }
  if (!stored) {
    reply.callNotFound();
    return reply;
  }
  reply.header('Cache-Control', 'private, max-age=86400');
  reply.header('Accept-Ranges', 'bytes');
  if (stored.etag) reply.header('ETag', stored.etag);
  if (stored.lastModified) reply.header('Last-Modified', stored.lastModified.toUTCString());
  if (!range && stored.etag && request.headers['if-none-match'] === stored.etag) {
    stored.body.destroy();
    return reply.code(304).send();
  }
  reply.type(stored.contentType);
  reply.header('Content-Length', String(stored.length));
  if (stored.range) {
    reply.code(206);
    reply.header('Content-Range', `bytes ${stored.range.start}-${stored.range.end}/${stored.size}`);
  }
  if (request.method === 'HEAD') {
    // Only the headers: stop the object's download (Fastify would otherwise read it all to discard it).
    stored.body.destroy();
    return reply.send(Readable.from([]));
  }
  return reply.send(stored.body);
}

/** A single `bytes=a-` or `bytes=a-b` range; anything else is answered with the whole file. */
function parseRange(header: string | undefined): ByteRange | undefined {
  const m = /^bytes=(\d+)-(\d*)$/.exec(header?.trim() ?? '');
  if (!m) return undefined;
  const start = Number(m[1]);
  const end = m[2] ? Number(m[2]) : undefined;
  return end === undefined || end >= start ? { start, end } : undefined;
}
