import type { FastifyInstance } from 'fastify';
import {
  TEXTURE_MAX_BYTES,
  textureDeleteEndpoint,
  textureInfoEndpoint,
  textureListEndpoint,
  textureMessages,
  textureUploadEndpoint,
} from '../../api/texture.contract';
import type { AuthService } from '../services/auth.service';
import type { TextureService } from '../services/texture.service';
import type { FileStore } from '../adapters/files';
import { ok } from '../http/envelope';
import { caller, requireUser } from '../http/authenticate';
import { route, uploadRoute } from '../http/route';
import { receiveUpload } from '../http/upload';

/** /virtual/v1/texture/*: built-in and the caller's own stickers (spec section 7). */
export async function textureRoutes(
  app: FastifyInstance,
  opts: { auth: AuthService; textures: TextureService; files: FileStore },
) {
  const { textures, files } = opts;
  app.addHook('onRequest', requireUser(opts.auth));

  route(app, textureListEndpoint, async (body, request) =>
    ok(await textures.list(caller(request).userId, body)),
  );
  uploadRoute(app, textureUploadEndpoint, async (request) => {
    const upload = await receiveUpload(request, files, {
      field: textureUploadEndpoint.fileField,
      maxBytes: TEXTURE_MAX_BYTES,
      tooLargeMessage: textureMessages.tooLarge,
      missingMessage: textureMessages.fileRequired,
    });
    return ok(await textures.upload(caller(request).userId, upload), textureMessages.uploaded);
  });
  route(app, textureInfoEndpoint, async ({ textureId }, request) =>
    ok(await textures.info(caller(request).userId, textureId)),
  );
  route(app, textureDeleteEndpoint, async ({ textureId, force }, request) => {
    await textures.delete(caller(request).userId, textureId, force);
    return ok(null, textureMessages.deleted);
  });
}
