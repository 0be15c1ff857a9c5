import { rm } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { Code } from '../../api/envelope';
import type { FileStore } from '../adapters/files';
import { ApiError } from './envelope';
// The storageQuota decorator's type is declared beside receiveUpload, as is the temp file writer.
import { pipeToFile } from './upload';

/** One file of a multi-file form, held in a temp file. */
export interface ReceivedPart {
  tempFile: string;
  filename: string;
  size: number;
}

/** A multi-file form: its text fields and its files by field name. Call `cleanup` when done. */
export interface ReceivedParts {
  fields: Record<string, string>;
  files: Record<string, ReceivedPart>;
  /** Removes every temp file (safe to call twice). */
  cleanup(): Promise<void>;
}

/**
 * Streams every file of a multipart request to its own temp file, each checked against its field's
 * size limit while streaming. Fields not in `limits` and a second file under the same field are
 * refused; on any refusal every temp file already written is removed.
 */
export async function receiveParts(
  request: FastifyRequest,
  store: FileStore,
  opts: {
    /** Largest size in bytes of each accepted file field. */
    limits: Record<string, number>;
    tooLargeMessage: (field: string) => string;
    missingMessage: string;
    unknownFieldMessage: string;
    /**
     * Checks the text fields (may throw an ApiError) once the whole form has arrived: fields may
     * come before or after the files, so only the complete form can be judged.
     */
    checkFields?: (fields: Record<string, string>) => void;
  },
): Promise<ReceivedParts> {
  if (!request.isMultipart()) throw new ApiError(Code.badRequest, opts.missingMessage);
  const fields: Record<string, string> = {};
  const files: Record<string, ReceivedPart> = {};
  const cleanup = async () => {
    await Promise.all(Object.values(files).map((f) => rm(f.tempFile, { force: true })));
  };
  const largest = Math.max(...Object.values(opts.limits));
  const maxFiles = Object.keys(opts.limits).length;
  try {
    for await (const part of request.parts({ limits: { fileSize: largest, files: maxFiles } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const limit = opts.limits[part.fieldname];
      if (limit === undefined || files[part.fieldname]) {
        part.file.resume();
        throw new ApiError(Code.badRequest, opts.unknownFieldMessage);
      }
      const tempFile = await store.tempPath();
      const received: ReceivedPart = { tempFile, filename: part.filename, size: 0 };
      files[part.fieldname] = received;
      const tooLarge = new ApiError(Code.tooLarge, opts.tooLargeMessage(part.fieldname));
      part.file.on('data', (chunk: Buffer) => {
        received.size += chunk.length;
        if (received.size > limit) part.file.destroy(tooLarge);
      });
      try {
        await pipeToFile(part.file, tempFile);
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge;
        throw error;
      }
      if (part.file.truncated) throw tooLarge;
    }
    opts.checkFields?.(fields);
    const total = Object.values(files).reduce((sum, f) => sum + f.size, 0);
    if (request.auth) await request.server.storageQuota?.admit(request.auth.userId, total);
  } catch (error) {
    await cleanup();
    throw error;
  }
  return { fields, files, cleanup };
}
