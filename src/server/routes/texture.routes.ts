import type { FastifyInstance } from 'fastify';
import {
  TEXTURE_MAX_BYTES,
  textureDeleteEndpoint,
  textureDeleteRequest,
  textureInfoEndpoint,
  textureInfoRequest,
  textureListEndpoint,
  textureListRequest,
  textureMessages,
  textureUploadEndpoint,
} from '../../api/texture.contract';
import type { AuthService } from '../services/auth.service';
import type { TextureService } from '../services/texture.service';
import type { FileStore } from '../adapters/files';
import { ok, parse } from '../http/envelope';
import { caller, requireUser } from '../http/authenticate';
import { receiveUpload } from '../http/upload';

/** /virtual/v1/texture/*: built-in and the caller's own stickers (spec section 7). */
export async function textureRoutes(
  app: FastifyInstance,
  opts: { auth: AuthService; textures: TextureService; files: FileStore },
) {
  const { textures, files } = opts;
  app.addHook('onRequest', requireUser(opts.auth));

  app.post(textureListEndpoint.path, async (request) =>
    ok(await textures.list(caller(request).userId, parse(textureListRequest, request.body))),
  );
  app.post(textureUploadEndpoint.path, async (request) => {
    const upload = await receiveUpload(request, files, {
      field: textureUploadEndpoint.fileField,
      maxBytes: TEXTURE_MAX_BYTES,
      tooLargeMessage: textureMessages.tooLarge,
      missingMessage: textureMessages.fileRequired,
    });
    return ok(await textures.upload(caller(request).userId, upload), textureMessages.uploaded);
  });
  app.post(textureInfoEndpoint.path, async (request) =>
    ok(await textures.info(caller(request).userId, parse(textureInfoRequest, request.body).textureId)),
  );
  app.post(textureDeleteEndpoint.path, async (request) => {
    await textures.delete(caller(request).userId, parse(textureDeleteRequest, request.body).textureId);
    return ok(null, textureMessages.deleted);
  });
}
