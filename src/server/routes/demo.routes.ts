import type { FastifyInstance } from 'fastify';
import { demoCopyEndpoint, demoCopyRequest, demoListEndpoint, demoMessages } from '../../api/demo.contract';
import type { AuthService } from '../services/auth.service';
import type { DemoService } from '../services/demo.service';
import { ok, parse } from '../http/envelope';
import { caller, requireUser } from '../http/authenticate';

/** /demo 示例项目: the example list and the one-click copy into the caller's projects. */
export async function demoRoutes(app: FastifyInstance, opts: { auth: AuthService; demos: DemoService }) {
  app.addHook('onRequest', requireUser(opts.auth));
  app.post(demoListEndpoint.path, async () => ok(opts.demos.list()));
  app.post(demoCopyEndpoint.path, async (request) => {
    const { demoId } = parse(demoCopyRequest, request.body ?? {});
    return ok(await opts.demos.copy(caller(request).userId, demoId), demoMessages.copied);
  });
}
