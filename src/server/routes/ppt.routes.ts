import type { FastifyInstance } from 'fastify';
import {
  PDF_MAX_BYTES,
  pptDeleteEndpoint,
  pptInfoEndpoint,
  pptListEndpoint,
  pptMessages,
  pptUploadEndpoint,
} from '../../api/ppt.contract';
import type { AuthService } from '../services/auth.service';
import type { PptService } from '../services/ppt.service';
import type { FileStore } from '../adapters/files';
import { ok } from '../http/envelope';
import { caller, requireUser } from '../http/authenticate';
import { route, uploadRoute } from '../http/route';
import { receiveUpload } from '../http/upload';

/** /virtual/v1/userPpt/*: the caller's PDF decks (spec section 7 "Slides"). */
export async function pptRoutes(
  app: FastifyInstance,
  opts: { auth: AuthService; ppts: PptService; files: FileStore },
) {
  const { ppts, files } = opts;
  app.addHook('onRequest', requireUser(opts.auth));

  uploadRoute(app, pptUploadEndpoint, async (request) => {
    const upload = await receiveUpload(request, files, {
      field: pptUploadEndpoint.fileField,
      maxBytes: PDF_MAX_BYTES - 1,
      tooLargeMessage: pptMessages.tooLarge,
      missingMessage: pptMessages.notPdf,
    });
    return ok(await ppts.upload(caller(request).userId, upload), '上传成功');
  });
  route(app, pptListEndpoint, async ({ pageIndex, pageSize }, request) =>
    ok(await ppts.list(caller(request).userId, pageIndex, pageSize)),
  );
  route(app, pptInfoEndpoint, async ({ pptId }, request) =>
    ok(await ppts.info(caller(request).userId, pptId)),
  );
  route(app, pptDeleteEndpoint, async ({ PptId }, request) => {
    await ppts.delete(caller(request).userId, PptId);
    return ok(null, '删除成功');
  });
}
