import { z, type ZodType } from 'zod';
import type { Envelope } from './envelope';

/*
 * One value per endpoint: method, path, request schema and answer type. The client's `call` and the
 * server's `route` are both typed from it, so a body or an answer that drifts from the contract is a
 * type error on whichever side drifted.
 */

declare const carried: unique symbol;
/** A type carried by a value that holds nothing at run time (the answer of an endpoint). */
export interface Phantom<T> {
  readonly [carried]?: T;
}

/** The answer is the usual `{code, msg, data}` envelope with `data` of type T. */
export function envelopeOf<T>(): Phantom<Envelope<T>> {
  return {};
}

/** The answer is an envelope with more at top level (the spec's login repeats the token there). */
export function answerOf<A extends Envelope>(): Phantom<A> {
  return {};
}

/** The request of an endpoint that takes no fields: anything is accepted, as before it had a schema. */
export const noFields = z.custom<Record<string, never>>(() => true);

/** A JSON endpoint: the body (POST) or query (GET) is validated by `request`. */
export interface JsonEndpoint<Req extends ZodType = ZodType, A extends Envelope = Envelope> {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly request: Req;
  readonly response: Phantom<A>;
}

/** A multipart endpoint: text fields checked by `fields`, and files, sent as FormData. */
export interface UploadEndpoint<A extends Envelope = Envelope, F extends ZodType = ZodType> {
  readonly method: 'POST';
  readonly path: string;
  readonly multipart: true;
  /** The one file field, for endpoints that take a single file. */
  readonly fileField?: string;
  /** The text fields, as the server parses them; the client sends each of its keys as text. */
  readonly fields: F;
  readonly response: Phantom<A>;
}

/** Declares a JSON endpoint, keeping its literal method and path and its schema's exact type. */
export function defineEndpoint<const E extends JsonEndpoint>(endpoint: E): E {
  return endpoint;
}

/** Declares a multipart endpoint. */
export function defineUpload<const E extends Omit<UploadEndpoint, 'multipart'>>(
  endpoint: E,
): E & { readonly multipart: true } {
  return { ...endpoint, multipart: true };
}

/** What the client sends: the schema's input (before coercion and defaults). */
export type RequestOf<E extends JsonEndpoint> = z.input<E['request']>;
/** What the server's handler receives: the schema's output (coerced, defaults filled in). */
export type ParsedRequestOf<E extends JsonEndpoint> = z.output<E['request']>;
/**
 * The text fields a client sends to a multipart endpoint: every key its schema reads (optional
 * where the schema has a default), each as text, as a form carries it.
 */
export type UploadFieldsOf<E extends UploadEndpoint> = { [K in keyof z.input<E['fields']>]: string };
/** The text fields as the server's handler receives them: parsed by the endpoint's schema. */
export type ParsedFieldsOf<E extends UploadEndpoint> = z.output<E['fields']>;
/** The whole answer of an endpoint (an envelope). */
export type ResponseOf<E extends JsonEndpoint | UploadEndpoint> =
  E['response'] extends Phantom<infer A extends Envelope> ? A : never;
