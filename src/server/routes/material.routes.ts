import type { FastifyInstance } from 'fastify';
import {
  MATERIAL_AUDIO_MAX_BYTES,
  MATERIAL_IMAGE_MAX_BYTES,
  MATERIAL_TYPES,
  materialDeleteEndpoint,
  materialListEndpoint,
  materialMessages,
  materialUploadEndpoint,
  materialUploadFields,
} from '../../api/material.contract';
import type { AuthService } from '../services/auth.service';
import type { MaterialService } from '../services/material.service';
import type { FileStore } from '../adapters/files';
import { ok, parse } from '../http/envelope';
import { caller, requireUser } from '../http/authenticate';
import { route, uploadRoute } from '../http/route';
import { receiveUpload } from '../http/upload';

/** /virtual/v1/userResources/*: the caller's own images and audio (spec section 7). */
export async function materialRoutes(
  app: FastifyInstance,
  opts: { auth: AuthService; materials: MaterialService; files: FileStore },
) {
  const { materials, files } = opts;
  app.addHook('onRequest', requireUser(opts.auth));

  route(app, materialListEndpoint, async (body, request) =>
    ok(await materials.list(caller(request).userId, body)),
  );
  uploadRoute(app, materialUploadEndpoint, async (request) => {
    const upload = await receiveUpload(request, files, {
      field: materialUploadEndpoint.fileField,
      maxBytes: MATERIAL_AUDIO_MAX_BYTES,
      tooLargeMessage: materialMessages.audioTooLarge,
      missingMessage: materialMessages.fileRequired,
      // The type (sent before the file) decides the limit, enforced while the bytes arrive.
      limitFor: (fields) =>
        parse(materialUploadFields, fields).resourcesType === MATERIAL_TYPES.image
          ? { maxBytes: MATERIAL_IMAGE_MAX_BYTES, tooLargeMessage: materialMessages.imageTooLarge }
          : { maxBytes: MATERIAL_AUDIO_MAX_BYTES, tooLargeMessage: materialMessages.audioTooLarge },
    });
    return ok(await materials.upload(caller(request).userId, upload), materialMessages.uploaded);
  });
  route(app, materialDeleteEndpoint, async ({ resourcesId, force }, request) => {
    await materials.delete(caller(request).userId, resourcesId, force);
    return ok(null, materialMessages.deleted);
  });
}
