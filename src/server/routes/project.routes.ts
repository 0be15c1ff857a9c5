import type { FastifyInstance } from 'fastify';
import {
  projectAddEndpoint,
  projectAddRequest,
  projectDeleteEndpoint,
  projectDeleteRequest,
  projectDetailEndpoint,
  projectDetailRequest,
  projectListEndpoint,
  projectListRequest,
  projectRenameEndpoint,
  projectRenameRequest,
  projectUpdateEndpoint,
  projectUpdateRequest,
} from '../../api/project.contract';
import type { AuthService } from '../services/auth.service';
import type { ProjectService } from '../services/project.service';
import { ok, parse } from '../http/envelope';
import { caller, requireUser } from '../http/authenticate';

/** /virtual/v1/userPro/*: the caller's projects (spec section 7 "Projects"). */
export async function projectRoutes(
  app: FastifyInstance,
  opts: { auth: AuthService; projects: ProjectService },
) {
  const { projects } = opts;
  app.addHook('onRequest', requireUser(opts.auth));
  const owner = (request: { auth: { userId: number } | null }) => caller(request as never).userId;

  app.post(projectListEndpoint.path, async (request) =>
    ok(await projects.list(owner(request), parse(projectListRequest, request.body))),
  );
  app.post(projectAddEndpoint.path, async (request) =>
    ok(await projects.add(owner(request), parse(projectAddRequest, request.body)), '创建成功'),
  );
  app.post(projectRenameEndpoint.path, async (request) => {
    const req = parse(projectRenameRequest, request.body);
    await projects.rename(owner(request), req.projectId, req.projectName);
    return ok(null, '修改成功');
  });
  app.post(projectDeleteEndpoint.path, async (request) => {
    await projects.delete(owner(request), parse(projectDeleteRequest, request.body).projectId);
    return ok(null, '删除成功');
  });
  app.post(projectDetailEndpoint.path, async (request) =>
    ok(await projects.detail(owner(request), parse(projectDetailRequest, request.body).projectId)),
  );
  app.post(projectUpdateEndpoint.path, async (request) => {
    const revision = await projects.update(owner(request), parse(projectUpdateRequest, request.body));
    return ok({ revision }, '保存成功');
  });
}
