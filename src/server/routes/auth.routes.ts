import type { FastifyInstance } from 'fastify';
import { Code } from '../../api/envelope';
import { captchaEndpoint, loginEndpoint, logoutEndpoint } from '../../api/auth.contract';
import type { AuthService } from '../services/auth.service';
import { ApiError, ok } from '../http/envelope';
import { caller, requireUser } from '../http/authenticate';
import { route } from '../http/route';

/** Captcha, login and logout (spec section 7 "Auth and user"). */
export async function authRoutes(app: FastifyInstance, opts: { auth: AuthService; loginRateLimit: number }) {
  const { auth } = opts;

  route(app, captchaEndpoint, async () => ok(await auth.captcha()));

  route(
    app,
    loginEndpoint,
    async (body, request) => {
      const { token } = await auth.login(body, request.ip);
      // The spec's login response carries the token at top level; data repeats it for typed clients.
      return { code: Code.ok, msg: '登录成功', token, data: { token } };
    },
    {
      config: {
        rateLimit: {
          max: opts.loginRateLimit,
          timeWindow: 60_000,
          errorResponseBuilder: () =>
            new ApiError(Code.tooManyRequests, '登录尝试过于频繁，请稍后再试', undefined, 429),
        },
      },
    },
  );

  route(
    app,
    logoutEndpoint,
    async (_body, request) => {
      await auth.logout(caller(request).jti);
      return ok(null, '已退出登录');
    },
    { onRequest: requireUser(auth) },
  );
}
