import type { FastifyInstance } from 'fastify';
import {
  projectAddEndpoint,
  projectDeleteEndpoint,
  projectDetailEndpoint,
  projectListEndpoint,
  projectRenameEndpoint,
  projectUpdateEndpoint,
} from '../../api/project.contract';
import type { AuthService } from '../services/auth.service';
import type { ProjectService } from '../services/project.service';
import type { ComposeService } from '../services/compose.service';
import { ok } from '../http/envelope';
import { caller, requireUser } from '../http/authenticate';
import { route } from '../http/route';

/** /virtual/v1/userPro/*: the caller's projects (spec section 7 "Projects"). */
export async function projectRoutes(
  app: FastifyInstance,
  opts: { auth: AuthService; projects: ProjectService; compose: ComposeService },
) {
  const { projects, compose } = opts;
  app.addHook('onRequest', requireUser(opts.auth));

  route(app, projectListEndpoint, async (body, request) =>
    ok(await projects.list(caller(request).userId, body)),
  );
  route(app, projectAddEndpoint, async (body, request) =>
    ok(await projects.add(caller(request).userId, body), '创建成功'),
  );
  route(app, projectRenameEndpoint, async (body, request) => {
    const revision = await projects.rename(caller(request).userId, body.projectId, body.projectName);
    return ok({ revision }, '修改成功');
  });
  route(app, projectDeleteEndpoint, async (body, request) => {
    const { userId } = caller(request);
    // Its render stops (points back) and its videos go with it. Jobs are found by owner, so
    // someone else's project is left untouched here and then not found.
    await compose.forgetProject(userId, body.projectId);
    await projects.delete(userId, body.projectId);
    return ok(null, '删除成功');
  });
  route(app, projectDetailEndpoint, async (body, request) =>
    ok(await projects.detail(caller(request).userId, body.projectId)),
  );
  route(app, projectUpdateEndpoint, async (body, request) => {
    const revision = await projects.update(caller(request).userId, body);
    return ok({ revision }, '保存成功');
  });
}
