import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiEnvelope } from '../../src/contract/envelope.ts';
import { errorEnvelope } from '../lib/error-envelope.ts';
import { HttpError } from '../lib/http-error.ts';
import { trackRouteMethods } from './route-methods.ts';

/** Seconds a client is asked to wait after a 503: a lost database connection is replaced well within them. */
const unavailableRetryAfterSeconds = 2;

/** The longest stretch of a path an answer repeats: a 10 KB path is not worth echoing. */
const quotedPathLength = 100;

const quotePath = (url: string) => {
  const path = url.split('?')[0] ?? '';
  return path.length > quotedPathLength ? `${path.slice(0, quotedPathLength)}…` : path;
};

/**
 * Answers every error with the envelope; a 5xx never shows internals, only a request id in the log.
 * Any other path under the scope is an API 404 (never a page), or a 405 when the path is known for
 * other methods.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.all('/*', (_request, reply) => reply.callNotFound());
  // A 503 is a moment's absence (the database reconnecting, a provider away): the client is told when to try again,
  // whether the route threw it or answered it (readiness).
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode === 503 && !reply.hasHeader('retry-after')) {
      reply.header('retry-after', String(unavailableRetryAfterSeconds));
    }
  });
  const methodsFor = trackRouteMethods(app);

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      const body: ApiEnvelope = { httpStatus: error.status, message: error.message };
      if (error.errors) body.errors = error.errors;
      return reply.code(error.statusCode).send(body);
    }
    const statusCode = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (statusCode >= 400 && statusCode < 500) {
      request.log.info({ code: error.code }, 'client error');
      return reply.code(statusCode).send(errorEnvelope(statusCode, error.code));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorEnvelope(500));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = quotePath(request.url);
    const allowed = methodsFor(request.url.split('?')[0] ?? '');
    // The path has a route for this very method, so the router passed it over: a part is too long.
    if (allowed.includes(request.method)) return reply.code(414).send(errorEnvelope(414));
    if (allowed.length > 0) {
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send({
          httpStatus: 'METHOD_NOT_ALLOWED',
          message: `${path} does not take ${request.method}; it takes ${allowed.join(', ')}.`,
        } satisfies ApiEnvelope);
    }
    return reply.code(404).send({
      httpStatus: 'NOT_FOUND',
      message: `There is no API route ${request.method} ${path}.`,
    } satisfies ApiEnvelope);
  });
}
