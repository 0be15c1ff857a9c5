import type { FastifyInstance } from 'fastify';
import {
  PDF_MAX_BYTES,
  pptDeleteEndpoint,
  pptDeleteRequest,
  pptInfoEndpoint,
  pptInfoRequest,
  pptListEndpoint,
  pptListRequest,
  pptMessages,
  pptUploadEndpoint,
} from '../../api/ppt.contract';
import type { AuthService } from '../services/auth.service';
import type { PptService } from '../services/ppt.service';
import type { FileStore } from '../adapters/files';
import { ok, parse } from '../http/envelope';
import { caller, requireUser } from '../http/authenticate';
import { receiveUpload } from '../http/upload';

/** /virtual/v1/userPpt/*: the caller's PDF decks (spec section 7 "Slides"). */
export async function pptRoutes(
  app: FastifyInstance,
  opts: { auth: AuthService; ppts: PptService; files: FileStore },
) {
  const { ppts, files } = opts;
  app.addHook('onRequest', requireUser(opts.auth));

  app.post(pptUploadEndpoint.path, async (request) => {
    const upload = await receiveUpload(request, files, {
      field: pptUploadEndpoint.fileField,
      maxBytes: PDF_MAX_BYTES - 1,
      tooLargeMessage: pptMessages.tooLarge,
      missingMessage: pptMessages.notPdf,
    });
    return ok(await ppts.upload(caller(request).userId, upload), '上传成功');
  });
  app.post(pptListEndpoint.path, async (request) => {
    const req = parse(pptListRequest, request.body);
    return ok(await ppts.list(caller(request).userId, req.pageIndex, req.pageSize));
  });
  app.post(pptInfoEndpoint.path, async (request) =>
    ok(await ppts.info(caller(request).userId, parse(pptInfoRequest, request.body).pptId)),
  );
  app.post(pptDeleteEndpoint.path, async (request) => {
    await ppts.delete(caller(request).userId, parse(pptDeleteRequest, request.body).PptId);
    return ok(null, '删除成功');
  });
}
