import type { FastifyInstance } from 'fastify';
import { sceneListEndpoint } from '../../api/library.contract';
import {
  SCENE_MAX_BYTES,
  sceneDeleteEndpoint,
  sceneInsertEndpoint,
  sceneMessages,
  sceneUploadEndpoint,
} from '../../api/scene.contract';
import type { AuthService } from '../services/auth.service';
import type { SceneService } from '../services/scene.service';
import type { FileStore } from '../adapters/files';
import { ok } from '../http/envelope';
import { caller, requireUser } from '../http/authenticate';
import { route, uploadRoute } from '../http/route';
import { receiveUpload } from '../http/upload';

/** /virtual/v1/scene/*: built-in and the caller's own scene backgrounds (spec section 7). */
export async function sceneRoutes(
  app: FastifyInstance,
  opts: { auth: AuthService; scenes: SceneService; files: FileStore },
) {
  const { scenes, files } = opts;
  app.addHook('onRequest', requireUser(opts.auth));

  route(app, sceneListEndpoint, async (body, request) => ok(await scenes.list(caller(request).userId, body)));
  uploadRoute(app, sceneUploadEndpoint, async (request) => {
    const upload = await receiveUpload(request, files, {
      field: sceneUploadEndpoint.fileField,
      maxBytes: SCENE_MAX_BYTES,
      tooLargeMessage: sceneMessages.tooLarge,
      missingMessage: sceneMessages.pathRequired,
    });
    return ok(await scenes.upload(caller(request).userId, upload), '上传成功');
  });
  route(app, sceneInsertEndpoint, async (body, request) =>
    ok(await scenes.insert(caller(request).userId, body), '添加成功'),
  );
  route(app, sceneDeleteEndpoint, async ({ id, force }, request) => {
    await scenes.delete(caller(request).userId, id, force);
    return ok(null, '删除成功');
  });
}
