import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import { Code, type Envelope } from '../../api/envelope';
import { validationMessage } from '../../api/validationMessage';

/** A refusal the client should show: answered as an envelope with this code and message. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
    /** HTTP status; business refusals travel as HTTP 200 with a non-200 envelope code. */
    readonly statusCode = 200,
  ) {
    super(message);
  }
}

/** A success envelope. */
export function ok<T>(data?: T, msg = '操作成功'): Envelope<T> {
  return { code: Code.ok, msg, data };
}

/** Parses a request part with a contract schema, refusing with the schema's first message. */
export function parse<T>(schema: ZodType<T>, value: unknown): T {
  // reportInput: the message tells a missing field from a wrong one.
  const result = schema.safeParse(value ?? {}, { reportInput: true });
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ApiError(Code.badRequest, issue ? validationMessage(issue) : '参数错误');
  }
  return result.data;
}

/** Turns every thrown error into the spec's envelope, so the client always reads {code, msg}. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).send({ code: error.code, msg: error.message, data: error.data });
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send({ code: Code.tooLarge, msg: '上传文件过大' });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ code: status, msg: error.message || '请求无效' });
    }
    request.log.error(error);
    return reply.status(500).send({ code: 500, msg: '服务器内部错误' });
  });
  app.setNotFoundHandler((request, reply) => {
    // The app routes in the hash (/home/#/my): an address typed without it (/home/my) opens that
    // screen instead of answering JSON. Names with a dot (missing files) stay 404s.
    const screen = /^\/home\/([A-Za-z0-9_/-]+?)\/?(\?[^#]*)?$/.exec(request.url);
    if (request.method === 'GET' && screen) return reply.redirect(`/home/#/${screen[1]}${screen[2] ?? ''}`);
    return reply
      .status(404)
      .send({ code: Code.notFound, msg: `接口不存在: ${request.method} ${request.url}` });
  });
}
