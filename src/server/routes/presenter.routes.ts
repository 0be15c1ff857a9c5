import type { FastifyInstance } from 'fastify';
import {
  PRESENTER_FILE_FIELDS,
  presenterAddEndpoint,
  presenterBaseFields,
  presenterDeleteEndpoint,
  presenterMessages,
  presenterMineEndpoint,
  presenterTemplateEndpoint,
} from '../../api/presenter.contract';
import type { AuthService } from '../services/auth.service';
import type { PresenterService } from '../services/presenter.service';
import type { FileStore } from '../adapters/files';
import { presenterTemplatePng } from '../adapters/presenterTemplate';
import { ok, parse } from '../http/envelope';
import { caller, requireUser } from '../http/authenticate';
import { receiveParts } from '../http/receiveParts';
import { route, uploadRoute } from '../http/route';

/** Which refusal a too-large file gets, by its field. */
function tooLargeMessage(field: string): string {
  if (field === 'video') return presenterMessages.videoTooLarge;
  if (field === 'body' || field === 'picture') return presenterMessages.pictureTooLarge;
  return presenterMessages.spriteTooLarge;
}

/**
 * /virtual/v1/virtual/add, mine, delete and template: a user's own presenters (我的数字人). The
 * usable ones are listed to the editor by virtual/list with isPublic 2 (library.routes.ts).
 */
export async function presenterRoutes(
  app: FastifyInstance,
  opts: { auth: AuthService; presenters: PresenterService; files: FileStore },
) {
  const { presenters, files } = opts;

  // The template holds no user data: a plain link downloads it without a bearer header.
  app.get(presenterTemplateEndpoint.path, async (_request, reply) => {
    reply
      .header('Content-Type', 'image/png')
      .header('Content-Disposition', `attachment; filename="presenter-template.png"`)
      .header('Cache-Control', 'public, max-age=86400');
    return reply.send(await presenterTemplatePng());
  });

  await app.register(async (auth) => {
    auth.addHook('onRequest', requireUser(opts.auth));
    uploadRoute(auth, presenterAddEndpoint, async (request) => {
      const form = await receiveParts(request, files, {
        limits: PRESENTER_FILE_FIELDS,
        tooLargeMessage,
        missingMessage: presenterMessages.bodyRequired,
        unknownFieldMessage: presenterMessages.unknownFile,
        checkFields: (fields) => parse(presenterBaseFields, fields),
      });
      return ok(await presenters.create(caller(request).userId, form), presenterMessages.created);
    });
    route(auth, presenterMineEndpoint, async (body, request) =>
      ok(await presenters.listMine(caller(request).userId, body)),
    );
    route(auth, presenterDeleteEndpoint, async ({ id, force }, request) => {
      await presenters.delete(caller(request).userId, id, force);
      return ok(null, presenterMessages.deleted);
    });
  });
}
