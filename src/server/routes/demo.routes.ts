import type { FastifyInstance } from 'fastify';
import { demoCopyEndpoint, demoListEndpoint, demoMessages } from '../../api/demo.contract';
import type { AuthService } from '../services/auth.service';
import type { DemoService } from '../services/demo.service';
import { ok } from '../http/envelope';
import { caller, requireUser } from '../http/authenticate';
import { route } from '../http/route';

/** /demo 示例项目: the example list and the one-click copy into the caller's projects. */
export async function demoRoutes(app: FastifyInstance, opts: { auth: AuthService; demos: DemoService }) {
  app.addHook('onRequest', requireUser(opts.auth));
  route(app, demoListEndpoint, async () => ok(opts.demos.list()));
  route(app, demoCopyEndpoint, async ({ demoId }, request) =>
    ok(await opts.demos.copy(caller(request).userId, demoId), demoMessages.copied),
  );
}
