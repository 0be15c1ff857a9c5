import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { JsonEndpoint, ParsedRequestOf, ResponseOf, UploadEndpoint } from '../../api/endpoint';
import { parse } from './envelope';

type Answer<T> = T | Promise<T>;

/**
 * Registers a JSON endpoint: its method and path, the body (POST) or query (GET) parsed by its
 * schema (refused with the Chinese validation message), and a handler whose answer must be the
 * endpoint's response type.
 */
export function route<E extends JsonEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (body: ParsedRequestOf<E>, request: FastifyRequest, reply: FastifyReply) => Answer<ResponseOf<E>>,
  options: RouteShorthandOptions = {},
): void {
  app.route({
    ...options,
    method: endpoint.method,
    url: endpoint.path,
    // Parsed inside the handler, after the onRequest hooks: a logged-out caller hears 501 first.
    handler: (request, reply) =>
      handler(
        parse(
          endpoint.request,
          endpoint.method === 'GET' ? request.query : request.body,
        ) as ParsedRequestOf<E>,
        request,
        reply,
      ),
  });
}

/** Registers a multipart endpoint: the handler reads the parts itself and answers the response type. */
export function uploadRoute<E extends UploadEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (request: FastifyRequest, reply: FastifyReply) => Answer<ResponseOf<E>>,
): void {
  app.route({ method: endpoint.method, url: endpoint.path, handler });
}
