import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { Code } from '../../api/envelope';
import type { FileStore } from '../adapters/files';
import type { StorageQuota } from '../services/storageQuota';
import { ApiError } from './envelope';

declare module 'fastify' {
  interface FastifyInstance {
    /** The per-user storage cap every upload passes (set by buildServer). */
    storageQuota?: StorageQuota;
  }
}

export interface ReceivedUpload {
  /** Temp file holding the whole upload; the caller moves it into place or removes it. */
  tempFile: string;
  filename: string;
  mimetype: string;
  size: number;
  /** The other (non-file) fields of the form. */
  fields: Record<string, string>;
}

/**
 * Streams the one file of a multipart request to a temp file, stopping as soon as it passes
 * `maxBytes` (the partial file is removed and the spec's message answered). Text fields are read
 * in any order: before the file, they may refuse it before a byte is stored (`limitFor`); after
 * it, they are checked once the form has ended and a refusal removes the stored file.
 */
export async function receiveUpload(
  request: FastifyRequest,
  store: FileStore,
  opts: {
    field: string;
    maxBytes: number;
    tooLargeMessage: string;
    missingMessage: string;
    /**
     * A lower limit chosen from the fields (materials: 20 MB for images, 100 MB for audio); may
     * throw an ApiError to refuse the fields.
     */
    limitFor?: (fields: Record<string, string>) => { maxBytes: number; tooLargeMessage: string };
  },
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new ApiError(Code.badRequest, opts.missingMessage);
  const fields: Record<string, string> = {};
  let received: Omit<ReceivedUpload, 'fields'> | null = null;
  const limitOf = () => (opts.limitFor ? opts.limitFor(fields) : null);
  try {
    for await (const part of request.parts({ limits: { fileSize: opts.maxBytes, files: 1 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== opts.field || received) {
        part.file.resume();
        throw new ApiError(Code.badRequest, opts.missingMessage);
      }
      // Fields sent first choose the limit now; a refusal of theirs waits for the form's end,
      // since the fields that would make it valid may still follow the file.
      let limit = { maxBytes: opts.maxBytes, tooLargeMessage: opts.tooLargeMessage };
      try {
        limit = limitOf() ?? limit;
      } catch {
        // Checked again below with every field.
      }
      received = await streamToTemp(part, store, limit);
    }
    if (!received) throw new ApiError(Code.badRequest, opts.missingMessage);
    const limit = limitOf();
    if (limit && received.size > limit.maxBytes) throw new ApiError(Code.tooLarge, limit.tooLargeMessage);
    if (request.auth) await request.server.storageQuota?.admit(request.auth.userId, received.size);
    return { ...received, fields };
  } catch (error) {
    if (received) await rm(received.tempFile, { force: true });
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ApiError(Code.tooLarge, opts.tooLargeMessage);
    throw error;
  }
}

type FilePart = Extract<Awaited<ReturnType<FastifyRequest['file']>>, object>;

/** Writes one file part to a temp file, refusing it as soon as it passes the limit. */
async function streamToTemp(
  part: FilePart,
  store: FileStore,
  limit: { maxBytes: number; tooLargeMessage: string },
): Promise<Omit<ReceivedUpload, 'fields'>> {
  const tempFile = await store.tempPath();
  let size = 0;
  part.file.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > limit.maxBytes) part.file.destroy(new ApiError(Code.tooLarge, limit.tooLargeMessage));
  });
  try {
    await pipeToFile(part.file, tempFile);
    if (part.file.truncated) throw new ApiError(Code.tooLarge, limit.tooLargeMessage);
  } catch (error) {
    await rm(tempFile, { force: true });
    throw error;
  }
  return { tempFile, filename: part.filename, mimetype: part.mimetype, size };
}

/**
 * Writes `source` to `file`; when it fails, answers only once the file is closed. A refusal
 * mid-stream rejects the pipeline before the file's open may have finished, and a file removed
 * then appeared after its removal (a temp upload left behind, seen under a loaded suite).
 */
export async function pipeToFile(source: Readable, file: string): Promise<void> {
  const out = createWriteStream(file);
  try {
    await pipeline(source, out);
  } catch (error) {
    if (!out.closed) await new Promise<void>((closed) => out.once('close', () => closed()));
    throw error;
  }
}
