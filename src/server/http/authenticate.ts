import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../api/envelope';
import { ApiError } from './envelope';
import type { AuthService } from '../services/auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, set by `requireUser` on protected routes. */
    auth: { userId: number; jti: string } | null;
  }
}

/** An onRequest hook that admits only callers with a valid, unrevoked bearer token (else code 501). */
export function requireUser(auth: AuthService) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const session = token ? await auth.authenticate(token) : null;
    if (!session) throw new ApiError(Code.loggedOut, '登录已失效，请重新登录');
    request.auth = session;
  };
}

/** The authenticated caller of a protected route. */
export function caller(request: FastifyRequest): { userId: number; jti: string } {
  if (!request.auth) throw new ApiError(Code.loggedOut, '登录已失效，请重新登录');
  return request.auth;
}
