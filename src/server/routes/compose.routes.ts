import type { FastifyInstance } from 'fastify';
import {
  composeCancelEndpoint,
  composeMessages,
  composeProjectEndpoint,
  composeStatusEndpoint,
  videoListEndpoint,
} from '../../api/compose.contract';
import type { AuthService } from '../services/auth.service';
import type { ComposeService } from '../services/compose.service';
import { ok } from '../http/envelope';
import { caller, requireUser } from '../http/authenticate';
import { route } from '../http/route';

/** Video synthesis: request, status, cancel, and the list of videos (spec section 7 compose*). */
export async function composeRoutes(
  app: FastifyInstance,
  opts: { auth: AuthService; compose: ComposeService },
) {
  const { compose } = opts;
  app.addHook('onRequest', requireUser(opts.auth));
  route(app, composeProjectEndpoint, async ({ projectId }, request) =>
    ok(await compose.compose(caller(request).userId, projectId), '已提交合成'),
  );
  route(app, composeStatusEndpoint, async ({ projectId }, request) =>
    ok(await compose.status(caller(request).userId, projectId)),
  );
  route(app, composeCancelEndpoint, async ({ projectId }, request) =>
    ok(await compose.cancel(caller(request).userId, projectId), composeMessages.cancelled),
  );
  route(app, videoListEndpoint, async ({ pageIndex, pageSize }, request) =>
    ok(await compose.videos(caller(request).userId, pageIndex, pageSize)),
  );
}
