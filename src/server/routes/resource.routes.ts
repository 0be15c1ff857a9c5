import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import {
  AUDIO_MAX_BYTES,
  resDeleteEndpoint,
  resourceMessages,
  resUploadEndpoint,
  videoMessages,
} from '../../api/resource.contract';
import type { ParsedFieldsOf } from '../../api/endpoint';
import type { AuthService } from '../services/auth.service';
import { isVideoUpload, type ResourceService } from '../services/resource.service';
import type { FileStore } from '../adapters/files';
import { ok, parse } from '../http/envelope';
import { caller, requireUser } from '../http/authenticate';
import { route, uploadRoute } from '../http/route';
import { receiveUpload } from '../http/upload';

/**
 * POST /virtual/v1/userPro/resUpload: page audio for voice pages (spec section 7). `maxBytes` is
 * the streaming limit (under 1 GB; tests pass a small one).
 */
export async function resourceRoutes(
  app: FastifyInstance,
  opts: { auth: AuthService; resources: ResourceService; files: FileStore; maxBytes?: number },
) {
  const { resources, files } = opts;
  app.addHook('onRequest', requireUser(opts.auth));

  uploadRoute(app, resUploadEndpoint, async (request) => {
    const upload = await receiveUpload(request, files, {
      field: resUploadEndpoint.fileField,
      maxBytes: opts.maxBytes ?? AUDIO_MAX_BYTES - 1,
      tooLargeMessage: resourceMessages.audioTooLarge,
      missingMessage: resourceMessages.audioType,
    });
    let fields: ParsedFieldsOf<typeof resUploadEndpoint>;
    try {
      fields = parse(resUploadEndpoint.fields, upload.fields);
    } catch (error) {
      await rm(upload.tempFile, { force: true });
      throw error;
    }
    const userId = caller(request).userId;
    if (isVideoUpload(upload.filename, fields.kind)) {
      return ok(await resources.uploadVideo(userId, fields, upload), '上传成功');
    }
    return ok(await resources.uploadAudio(userId, fields, upload), '上传成功');
  });

  route(app, resDeleteEndpoint, async (body, request) => {
    await resources.deleteResource(caller(request).userId, body);
    return ok(null, videoMessages.deleted);
  });
}
