import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AUDIO_MAX_BYTES,
  resDeleteEndpoint,
  resourceMessages,
  resUploadEndpoint,
  videoMessages,
} from '../../api/resource.contract';
import { projectMessages } from '../../api/project.contract';
import type { AuthService } from '../services/auth.service';
import { isVideoUpload, type ResourceService } from '../services/resource.service';
import type { FileStore } from '../adapters/files';
import { ok, parse } from '../http/envelope';
import { caller, requireUser } from '../http/authenticate';
import { route, uploadRoute } from '../http/route';
import { receiveUpload } from '../http/upload';

/** Highest page number accepted; the page itself may not be saved yet when its audio is uploaded. */
const MAX_PAGE_NUMBER = 9999;

/** The form fields of resUpload besides the file. */
const resUploadFields = z.object({
  projectId: z.coerce.number().int().positive(projectMessages.notFound),
  pptSort: z.coerce
    .number({ message: '页码不正确' })
    .int('页码不正确')
    .min(1, '页码不正确')
    .max(MAX_PAGE_NUMBER, '页码不正确'),
});

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
    let fields: z.infer<typeof resUploadFields>;
    try {
      fields = parse(resUploadFields, upload.fields);
    } catch (error) {
      await rm(upload.tempFile, { force: true });
      throw error;
    }
    const userId = caller(request).userId;
    if (isVideoUpload(upload.filename, upload.fields.kind)) {
      return ok(await resources.uploadVideo(userId, fields, upload), '上传成功');
    }
    return ok(await resources.uploadAudio(userId, fields, upload), '上传成功');
  });

  route(app, resDeleteEndpoint, async (body, request) => {
    await resources.deleteResource(caller(request).userId, body);
    return ok(null, videoMessages.deleted);
  });
}
