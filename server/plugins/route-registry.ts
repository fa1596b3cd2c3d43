import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type FieldError, type HttpStatusName, httpStatusCodes } from '../../src/contract/envelope.ts';
import { HttpError } from '../lib/http-error.ts';
import { unstorableText, unstorableTextMessage } from '../lib/storable-text.ts';
import {
  type AuthUse,
  buildOpenApiDocument,
  type DocumentedRoute,
  type HeaderSpec,
  type Method,
  type RawBodySpec,
} from './openapi-document.ts';

export type { AuthUse, HeaderSpec, RawBodySpec };

/**
 * Whether an administrator acting as the caller for support may use a route that changes something (decision 048):
 * `'refused'`, or `{ allowed: why }`. Money, access and mail to others are never allowed. A write route that says
 * neither is refused while acting all the same, and tests/api/acting-route-declarations.test.ts fails until it says.
 */
export type WhileActing = 'refused' | { allowed: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's declaration, read by the acting check (plugins/acting.ts) and by anything listening to `onRoute`. */
    whileActing?: WhileActing;
  }
}

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteResult<R, S extends HttpStatusName = HttpStatusName> {
  message: string;
  data: R;
  /** One of the route's declared `statuses`; the first of them when absent. */
  status?: S;
}

/** What every route declares for its documentation, beside its handler. */
interface Described {
  /** Fastify path relative to the API base, e.g. `/users/:id`. */
  url: string;
  summary: string;
  tags: string[];
  /** Whether the handler calls `auth.require` (required), `auth.optional` (optional) or neither (none). */
  auth: AuthUse;
  /** Request headers the handler reads itself, such as `Idempotency-Key`. */
  headers?: readonly HeaderSpec[];
  /**
   * Error statuses the handler or its service answers on purpose, beyond those the declaration
   * implies: 400 for input, 401 for a token, 404 for a path parameter, 413 and 415 for a body.
   */
  errors?: readonly HttpStatusName[];
  /** Every route other than a GET says whether support may use it while acting as the caller; reads need not. */
  whileActing?: WhileActing;
}

export interface RouteSpec<P, Q, B, R, S extends HttpStatusName = 'OK'> extends Described {
  method: Method;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** A body the handler reads as it came instead of `body` (image bytes, a signed webhook). */
  rawBody?: RawBodySpec;
  response: z.ZodType<R>;
  /** Statuses the handler answers with, with `data`; the first is the usual one. OK when absent. */
  statuses?: readonly [S, ...S[]];
  handler: (input: RouteInput<P, Q, B>) => Promise<RouteResult<R, NoInfer<S>>>;
}

/** A route that answers with a file to download (a CSV export) instead of the JSON envelope. */
export interface FileRouteSpec<P, Q> extends Described {
  method: 'GET';
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  /**
   * The file's media type, e.g. `text/csv; charset=utf-8`; a route that answers in several formats lists them all (the
   * first is the default) and its handler says which one each file is.
   */
  contentType: string | readonly [string, ...string[]];
  /** The file's content; a stream is sent as it is read, so a long file never sits in memory. */
  handler: (
    input: RouteInput<P, Q, undefined>,
  ) => Promise<{ fileName: string; content: string | Buffer | Readable; contentType?: string }>;
}

/** Turns zod issues into the envelope's `errors` list. */
export function toFieldErrors(error: z.ZodError, prefix: string): FieldError[] {
  return error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
}

type Parsed<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

function parsePart<T>(schema: z.ZodType<T> | undefined, value: unknown, prefix: string): Parsed<T> {
  if (!schema) return { ok: true, value: undefined as T };
  const result = schema.safeParse(value ?? (prefix === 'body' ? undefined : {}));
  return result.success ? { ok: true, value: result.data } : { ok: false, errors: toFieldErrors(result.error, prefix) };
}

/**
 * Validates params, query and body together, so one answer lists every invalid field. Text the
 * database cannot store is refused first, wherever it is, whether or not the route reads that field.
 */
function parseRequest<P, Q, B>(spec: RouteSpec<P, Q, B, unknown>, request: FastifyRequest) {
  const unstorable = unstorableText({ params: request.params, query: request.query, body: request.body });
  if (unstorable.length) throw new HttpError('BAD_REQUEST', unstorableTextMessage, unstorable);
  const params = parsePart(spec.params, request.params, 'params');
  const query = parsePart(spec.query, request.query, 'query');
  const body = parsePart(spec.body, request.body, 'body');
  if (params.ok && query.ok && body.ok) return { params: params.value, query: query.value, body: body.value };
  const errors = [params, query, body].flatMap((part) => (part.ok ? [] : part.errors));
  throw new HttpError('BAD_REQUEST', 'Some of the information sent is not valid.', errors);
}

/**
 * Every route is declared through this registry: its zod schemas validate the request,
 * shape the response envelope and generate the OpenAPI document.
 */
export class RouteRegistry {
  readonly #routes: DocumentedRoute[] = [];
  readonly #basePath: string;

  constructor(basePath: string) {
    this.#basePath = basePath;
  }

  add<P, Q, B, R, S extends HttpStatusName = 'OK'>(app: FastifyInstance, spec: RouteSpec<P, Q, B, R, S>): void {
    const statuses: readonly HttpStatusName[] = spec.statuses ?? ['OK'];
    this.#routes.push({ ...documented(spec), body: spec.body, rawBody: spec.rawBody, response: spec.response, statuses });
    app.route({
      method: spec.method,
      url: spec.url,
      config: { whileActing: spec.whileActing },
      handler: async (request, reply) => {
        const input = parseRequest(spec as unknown as RouteSpec<P, Q, B, unknown>, request);
        const result = await spec.handler({ ...input, request, reply });
        const status = result.status ?? statuses[0] ?? 'OK';
        // Parsing the answer drops any field the schema does not declare, so nothing leaks by accident.
        const data = spec.response.parse(result.data);
        reply.code(httpStatusCodes[status]);
        return { httpStatus: status, message: result.message, data };
      },
    });
  }

  /** A file download, validated and documented like every other route; private, never cached. */
  addFile<P, Q>(app: FastifyInstance, spec: FileRouteSpec<P, Q>): void {
    const { handler } = spec;
    const contentTypes = typeof spec.contentType === 'string' ? [spec.contentType] : spec.contentType;
    this.#routes.push({ ...documented(spec), response: { file: contentTypes }, statuses: ['OK'] });
    app.route({
      method: spec.method,
      url: spec.url,
      handler: async (request, reply) => {
        const input = parseRequest(spec as unknown as RouteSpec<P, Q, undefined, unknown>, request);
        const file = await handler({ ...input, request, reply });
        return reply
          .type(file.contentType ?? contentTypes[0])
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'no-store')
          .send(file.content);
      },
    });
  }

  openApiDocument(info: { title: string; version: string }) {
    return buildOpenApiDocument(this.#routes, this.#basePath, info);
  }
}

function documented(spec: Described & { method: Method; params?: z.ZodType; query?: z.ZodType }) {
  const { method, url, summary, tags, auth, params, query, headers, errors = [] } = spec;
  return { method, url, summary, tags, auth, params, query, headers, errors };
}
