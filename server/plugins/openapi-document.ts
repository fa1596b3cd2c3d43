import { z } from 'zod';
import { fieldErrorSchema, type HttpStatusName, httpStatusCodes } from '../../src/contract/envelope.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Whether an operation reads the caller's access token: it needs one, reads one when sent, or never looks. */
export type AuthUse = 'required' | 'optional' | 'none';

/** A request header (or cookie) the handler reads itself, documented beside its route. */
export interface HeaderSpec {
  name: string;
  /** Where it is sent; a header unless said. */
  in?: 'header' | 'cookie';
  required: boolean;
  description: string;
  schema: z.ZodType;
}

/** A body the handler takes as it came (image bytes, signed text), not parsed against a schema. */
export interface RawBodySpec {
  description: string;
  /** Each accepted media type with the JSON schema of its content (`{}`: any bytes). */
  content: Record<string, { schema?: Record<string, unknown> }>;
}

/** What the document needs to know of a route. */
export interface DocumentedRoute {
  method: Method;
  url: string;
  summary: string;
  tags: string[];
  auth: AuthUse;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  rawBody?: RawBodySpec;
  headers?: readonly HeaderSpec[];
  /** The envelope's data, or the media types of the file a file route answers with. */
  response: z.ZodType | { file: readonly string[] };
  /** Statuses answered with `data`; the first is the usual one. */
  statuses: readonly HttpStatusName[];
  /** Error statuses the handler answers on purpose, beyond those the declaration implies. */
  errors: readonly HttpStatusName[];
}

const errorDescriptions: Partial<Record<HttpStatusName, string>> = {
  BAD_REQUEST: 'The request is not valid; `errors` lists each invalid field when the fault is in one.',
  UNAUTHORIZED: 'No valid access token was sent, or the session has ended.',
  FORBIDDEN: 'The caller may not do this; the message says who may.',
  NOT_FOUND: 'There is nothing by that id that the caller may see (or no such route).',
  CONFLICT: 'The request clashes with the present state of what it would change.',
  PAYLOAD_TOO_LARGE: 'The body is larger than this route accepts.',
  URI_TOO_LONG: 'A part of the path is longer than any id (100 characters).',
  UNSUPPORTED_MEDIA_TYPE: 'The body’s content type is not one this route accepts.',
  TOO_MANY_REQUESTS: 'Too many requests; the message says how long to wait.',
  SERVICE_UNAVAILABLE: 'A service this request needs is not answering; try again shortly.',
};

const successDescriptions: Partial<Record<HttpStatusName, string>> = {
  OK: 'Done; `data` holds the answer.',
  CREATED: 'Created; `data` holds what was made.',
  SERVICE_UNAVAILABLE: 'Not ready; `data` says what is missing.',
};

const bearerAuth = {
  type: 'http',
  scheme: 'bearer',
  bearerFormat: 'JWT',
  description: 'The `accessToken` answered by sign-in or by a refresh.',
};

/** Each way an operation reads the token, as OpenAPI security requirements. */
const securityOf: Record<AuthUse, Array<Record<string, string[]>>> = {
  required: [{ bearerAuth: [] }],
  optional: [{}, { bearerAuth: [] }],
  none: [],
};

function toJson(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
  return json;
}

const byCode = (a: HttpStatusName, b: HttpStatusName) => httpStatusCodes[a] - httpStatusCodes[b];
const pascal = (name: string) => name.toLowerCase().replace(/(?:^|_)(\w)/g, (_match, letter: string) => letter.toUpperCase());

/**
 * Every error status the operation can answer: those its declaration implies, and those it names.
 * A body may come with any method but GET, so those may meet Fastify's parser (bad JSON, too large,
 * another media type); a path parameter longer than the router matches is refused as too long (414).
 */
export function errorStatusesOf(route: DocumentedRoute): HttpStatusName[] {
  const takesBody = route.method !== 'GET';
  const takesInput = takesBody || Boolean(route.params || route.query || route.headers?.some((header) => header.required));
  const implied: Array<HttpStatusName | false> = [
    takesInput && 'BAD_REQUEST',
    route.auth !== 'none' && 'UNAUTHORIZED',
    Boolean(route.params) && 'NOT_FOUND',
    Boolean(route.params) && 'URI_TOO_LONG',
    takesBody && 'PAYLOAD_TOO_LARGE',
    takesBody && 'UNSUPPORTED_MEDIA_TYPE',
  ];
  const statuses = new Set([...implied.filter((status) => status !== false), ...route.errors]);
  for (const status of route.statuses) statuses.delete(status);
  return [...statuses].sort(byCode);
}

/** `GET /events/:eventId/checkins` → `getEventsByEventIdCheckins`. */
export function operationIdOf(method: Method, url: string): string {
  const words = url
    .split('/')
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return method.toLowerCase() + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

function parametersOf(route: DocumentedRoute) {
  const headers = (route.headers ?? []).map((header) => ({
    name: header.name,
    in: header.in ?? 'header',
    required: header.required,
    description: header.description,
    schema: toJson(header.schema, 'input'),
  }));
  return [...schemaParameters(route.params, 'path'), ...schemaParameters(route.query, 'query'), ...headers];
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

function requestBodyOf(route: DocumentedRoute) {
  if (route.rawBody) return { required: true, description: route.rawBody.description, content: route.rawBody.content };
  if (!route.body) return undefined;
  return {
    // A body schema that accepts nothing at all makes the body optional (sign-out).
    required: !route.body.safeParse(undefined).success,
    content: { 'application/json': { schema: toJson(route.body, 'input') } },
  };
}

function successResponse(route: DocumentedRoute, status: HttpStatusName) {
  const description = successDescriptions[status] ?? 'Answered with data.';
  if ('file' in route.response) {
    return {
      description: 'A file to download.',
      headers: {
        'Content-Disposition': { description: 'attachment, with the file’s name', schema: { type: 'string' } },
      },
      content: Object.fromEntries(
        route.response.file.map((type) => [
          type,
          { schema: type.startsWith('text/') ? { type: 'string' } : { type: 'string', format: 'binary' } },
        ]),
      ),
    };
  }
  const envelope = z.object({ httpStatus: z.literal(status), message: z.string(), data: route.response });
  return { description, content: { 'application/json': { schema: toJson(envelope, 'output') } } };
}

/** The envelope an error answers with: no data, `errors` when the fault is in named fields. */
function errorResponse(status: HttpStatusName) {
  const envelope = z.object({
    httpStatus: z.literal(status),
    message: z.string(),
    errors: z.array(fieldErrorSchema).optional(),
  });
  return {
    description: errorDescriptions[status] ?? 'The request failed.',
    content: { 'application/json': { schema: toJson(envelope, 'output') } },
  };
}

/** The OpenAPI 3.1 document of the routes, served at `/openapi.json` under the API base. */
export function buildOpenApiDocument(
  routes: readonly DocumentedRoute[],
  basePath: string,
  info: { title: string; version: string },
) {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorComponents = new Map<HttpStatusName, ReturnType<typeof errorResponse>>();
  for (const route of routes) {
    const responses: Record<string, unknown> = {};
    for (const status of route.statuses) responses[httpStatusCodes[status]] = successResponse(route, status);
    for (const status of errorStatusesOf(route)) {
      if (!errorComponents.has(status)) errorComponents.set(status, errorResponse(status));
      responses[httpStatusCodes[status]] = { $ref: `#/components/responses/${pascal(status)}` };
    }
    const parameters = parametersOf(route);
    const requestBody = requestBodyOf(route);
    const path = basePath + route.url.replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      operationId: operationIdOf(route.method, route.url),
      summary: route.summary,
      tags: route.tags,
      security: securityOf[route.auth],
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
    };
  }
  const responses = Object.fromEntries(
    [...errorComponents].sort(([a], [b]) => byCode(a, b)).map(([status, response]) => [pascal(status), response]),
  );
  return {
    openapi: '3.1.0',
    info,
    // Paths carry the API base, so the server is wherever this document is served from.
    servers: [{ url: '/' }],
    paths,
    components: { securitySchemes: { bearerAuth }, responses },
  };
}
