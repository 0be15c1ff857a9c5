import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { checkKey, type FileStore } from '../adapters/files';
import { sendStored } from '../http/sendStored';
import type { AuthService } from '../services/auth.service';
import { ApiError } from '../http/envelope';
import { Code } from '../../api/envelope';

/** The built app under /home/ and stored files under /files/ (signed URLs only). */
export async function webRoutes(
  app: FastifyInstance,
  opts: { webDir?: string; libraryDir: string; files: FileStore; auth: AuthService },
) {
  const { files, auth } = opts;

  // A user's own files (u/<id>/...) are served to that user's session however it arrives: API
  // clients send the bearer header, while <img> and <video> cannot, but the session cookie `jwt`
  // travels with them.
  const ownsKey = async (key: string, headers: FastifyRequest['headers']) => {
    const owner = /^u\/(\d+)\//.exec(key)?.[1];
    const bearer = /^Bearer\s+(.+)$/.exec(headers.authorization ?? '')?.[1];
    const cookie = /(?:^|;\s*)jwt=([^;]+)/.exec(headers.cookie ?? '')?.[1];
    const token = bearer?.trim() ?? (cookie ? decodeURIComponent(cookie) : undefined);
    if (!owner || !token) return false;
    const session = await auth.authenticate(token);
    return session?.userId === Number(owner);
  };
  if (files.localRoot) await app.register(fastifyStatic, { root: files.localRoot, serve: false });

  app.get<{ Params: { '*': string }; Querystring: { exp?: string; sig?: string } }>(
    '/files/*',
    async (request, reply) => {
      const key = request.params['*'];
      const { exp, sig } = request.query;
      let valid = false;
      try {
        checkKey(key);
        valid =
          (!!sig && files.verifySignature(key, Number(exp), sig)) || (await ownsKey(key, request.headers));
      } catch {
        valid = false;
      }
      if (!valid) throw new ApiError(Code.forbidden, '文件链接无效或已过期', undefined, 403);
      if (files.localRoot) {
        reply.header('Cache-Control', 'private, max-age=86400');
        return reply.sendFile(key);
      }
      return sendStored(files, key, request, reply);
    },
  );

  // Built-in presenters, scenes and stickers are public, read-only art.
  if (existsSync(opts.libraryDir)) {
    await app.register(fastifyStatic, {
      root: opts.libraryDir,
      prefix: '/library/',
      decorateReply: false,
      maxAge: '1d',
    });
  }

  app.get('/', (_request, reply) => reply.redirect('/home/'));
  app.get('/home', (_request, reply) => reply.redirect('/home/'));

  const webDir = opts.webDir;
  if (webDir && existsSync(path.join(webDir, 'index.html'))) {
    await app.register(fastifyStatic, { root: webDir, prefix: '/home/', decorateReply: false });
  } else {
    app.get('/home/', (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .send('<p>前端尚未构建：请运行 <code>npm run build</code> 或 <code>npm start</code>。</p>'),
    );
  }
}
