import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelopeSchema, type FieldError, type HttpStatusName, httpStatusCodes } from '../../src/contract/envelope.ts';
import { HttpError } from '../lib/http-error.ts';
import { unstorableText, unstorableTextMessage } from '../lib/storable-text.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteResult<R> {
  message: string;
  data: R;
  status?: HttpStatusName;
}

export interface RouteSpec<P, Q, B, R> {
  method: Method;
  /** Fastify path relative to the API base, e.g. `/users/:id`. */
  url: string;
  summary: string;
  tags: string[];
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  response: z.ZodType<R>;
  handler: (input: RouteInput<P, Q, B>) => Promise<RouteResult<R>>;
}

/** A route that answers with a file to download (a CSV export) instead of the JSON envelope. */
export interface FileRouteSpec<P, Q> {
  method: 'GET';
  url: string;
  summary: string;
  tags: string[];
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  /** The file's media type, e.g. `text/csv; charset=utf-8`. */
  contentType: string;
  handler: (input: RouteInput<P, Q, undefined>) => Promise<{ fileName: string; content: string | Buffer }>;
}

interface RegisteredRoute {
  method: Method;
  url: string;
  summary: string;
  tags: string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The envelope's data, or the media type of the file a file route answers with. */
  response: z.ZodType | { file: string };
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
  readonly #routes: RegisteredRoute[] = [];
  readonly #basePath: string;

  constructor(basePath: string) {
    this.#basePath = basePath;
  }

  add<P, Q, B, R>(app: FastifyInstance, spec: RouteSpec<P, Q, B, R>): void {
    this.#routes.push(spec as unknown as RegisteredRoute);
    app.route({
      method: spec.method,
      url: spec.url,
      handler: async (request, reply) => {
        const input = parseRequest(spec as RouteSpec<P, Q, B, unknown>, request);
        const result = await spec.handler({ ...input, request, reply });
        const status = result.status ?? 'OK';
        // Parsing the answer drops any field the schema does not declare, so nothing leaks by accident.
        const data = spec.response.parse(result.data);
        reply.code(httpStatusCodes[status]);
        return { httpStatus: status, message: result.message, data };
      },
    });
  }

  /** A file download, validated and documented like every other route; private, never cached. */
  addFile<P, Q>(app: FastifyInstance, spec: FileRouteSpec<P, Q>): void {
    const { contentType, handler, ...described } = spec;
    this.#routes.push({ ...described, response: { file: contentType } } as RegisteredRoute);
    app.route({
      method: spec.method,
      url: spec.url,
      handler: async (request, reply) => {
        const input = parseRequest(spec as unknown as RouteSpec<P, Q, undefined, unknown>, request);
        const file = await handler({ ...input, request, reply });
        return reply
          .type(contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'no-store')
          .send(file.content);
      },
    });
  }

  openApiDocument(info: { title: string; version: string }) {
    const paths: Record<string, Record<string, unknown>> = {};
    for (const route of this.#routes) {
      const path = this.#basePath + route.url.replace(/:(\w+)/g, '{$1}');
      const parameters = [...schemaParameters(route.params, 'path'), ...schemaParameters(route.query, 'query')];
      paths[path] ??= {};
      paths[path][route.method.toLowerCase()] = {
        summary: route.summary,
        tags: route.tags,
        ...(parameters.length ? { parameters } : {}),
        ...(route.body
          ? { requestBody: { required: true, content: { 'application/json': { schema: toJson(route.body, 'input') } } } }
          : {}),
        responses: {
          '200':
            'file' in route.response
              ? { description: 'A file to download', content: { [route.response.file]: { schema: { type: 'string' } } } }
              : {
                  description: 'Success',
                  content: { 'application/json': { schema: toJson(envelopeSchema(route.response), 'output') } },
                },
          '400': { description: 'The request is not valid; `errors` lists each field.' },
        },
      };
    }
    return { openapi: '3.1.0', info, paths };
  }
}

function toJson(schema: z.ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
}

function schemaParameters(schema: z.ZodType | undefined, location: 'path' | 'query') {
  if (!schema) return [];
  const json = toJson(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}
