import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { Code } from '../../api/envelope';
import type { FileStore } from '../adapters/files';
import { ApiError } from './envelope';

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
 * `maxBytes` (the partial file is removed and the spec's message answered).
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
     * A lower limit chosen from the fields sent before the file (materials: 20 MB for images,
     * 100 MB for audio); may throw an ApiError to refuse the fields before any byte is stored.
     */
    limitFor?: (fields: Record<string, string>) => { maxBytes: number; tooLargeMessage: string };
  },
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new ApiError(Code.badRequest, opts.missingMessage);
  const part = await request.file({ limits: { fileSize: opts.maxBytes, files: 1 } });
  if (!part || part.fieldname !== opts.field) {
    part?.file.resume();
    throw new ApiError(Code.badRequest, opts.missingMessage);
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(part.fields)) {
    const field = Array.isArray(value) ? value[0] : value;
    if (field && field.type === 'field') fields[name] = String(field.value);
  }
  let limit = { maxBytes: opts.maxBytes, tooLargeMessage: opts.tooLargeMessage };
  try {
    if (opts.limitFor) limit = opts.limitFor(fields);
  } catch (error) {
    part.file.resume();
    throw error;
  }
  const tempFile = await store.tempPath();
  let size = 0;
  part.file.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > limit.maxBytes) part.file.destroy(new ApiError(Code.tooLarge, limit.tooLargeMessage));
  });
  try {
    await pipeline(part.file, createWriteStream(tempFile));
    if (part.file.truncated) throw new ApiError(Code.tooLarge, limit.tooLargeMessage);
  } catch (error) {
    await rm(tempFile, { force: true });
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new ApiError(Code.tooLarge, limit.tooLargeMessage);
    }
    throw error;
  }
  return { tempFile, filename: part.filename, mimetype: part.mimetype, size, fields };
}
