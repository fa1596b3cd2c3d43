import type { FastifyError, FastifyInstance } from 'fastify';
import { type ApiEnvelope, httpStatusName } from '../../src/contract/envelope.ts';
import { HttpError } from '../lib/http-error.ts';

const clientErrorMessages: Record<number, string> = {
  400: 'The request could not be understood.',
  401: 'Please sign in to continue.',
  403: 'You do not have permission to do that.',
  404: 'That was not found.',
  405: 'That method is not allowed here.',
  413: 'What was sent is too large.',
  415: 'That content type is not supported.',
  429: 'Too many requests. Please wait a moment and try again.',
};

/** Answers every error with the envelope; a 5xx never shows internals, only a request id in the log. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      const body: ApiEnvelope = { httpStatus: error.status, message: error.message };
      if (error.errors) body.errors = error.errors;
      return reply.code(error.statusCode).send(body);
    }
    const statusCode = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (statusCode >= 400 && statusCode < 500) {
      request.log.info({ code: error.code }, 'client error');
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is not valid JSON.'
          : (clientErrorMessages[statusCode] ?? 'The request could not be understood.');
      return reply.code(statusCode).send({ httpStatus: httpStatusName(statusCode), message } satisfies ApiEnvelope);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({
      httpStatus: 'INTERNAL_SERVER_ERROR',
      message: 'Something went wrong on our side. Please try again.',
    } satisfies ApiEnvelope);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({
      httpStatus: 'NOT_FOUND',
      message: `There is no API route ${request.method} ${request.url.split('?')[0]}.`,
    } satisfies ApiEnvelope);
  });
}
