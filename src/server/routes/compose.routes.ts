import type { FastifyInstance } from 'fastify';
import {
  composeCancelEndpoint,
  composeMessages,
  composeProjectEndpoint,
  composeProjectRequest,
  composeStatusEndpoint,
  composeStatusRequest,
  videoListEndpoint,
  videoListRequest,
} from '../../api/compose.contract';
import type { AuthService } from '../services/auth.service';
import type { ComposeService } from '../services/compose.service';
import { ok, parse } from '../http/envelope';
import { caller, requireUser } from '../http/authenticate';

/** Video synthesis: request, status, cancel, and the list of videos (spec section 7 compose*). */
export async function composeRoutes(
  app: FastifyInstance,
  opts: { auth: AuthService; compose: ComposeService },
) {
  const { compose } = opts;
  app.addHook('onRequest', requireUser(opts.auth));
  app.post(composeProjectEndpoint.path, async (request) => {
    const { projectId } = parse(composeProjectRequest, request.body);
    return ok(await compose.compose(caller(request).userId, projectId), '已提交合成');
  });
  app.post(composeStatusEndpoint.path, async (request) => {
    const { projectId } = parse(composeStatusRequest, request.body);
    return ok(await compose.status(caller(request).userId, projectId));
  });
  app.post(composeCancelEndpoint.path, async (request) => {
    const { projectId } = parse(composeStatusRequest, request.body);
    return ok(await compose.cancel(caller(request).userId, projectId), composeMessages.cancelled);
  });
  app.post(videoListEndpoint.path, async (request) => {
    const { pageIndex, pageSize } = parse(videoListRequest, request.body);
    return ok(await compose.videos(caller(request).userId, pageIndex, pageSize));
  });
}
