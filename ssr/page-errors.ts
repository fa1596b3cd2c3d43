import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { errorEnvelope } from '../server/lib/error-envelope.ts';
import { HttpError } from '../server/lib/http-error.ts';
import { shortHtmlPage, shortPagePolicy } from '../server/lib/short-html-page.ts';

/** A short HTML page for an answer that is not a rendered page: what a person on a page address reads. */
export function sendShortPage(reply: FastifyReply, statusCode: number, sentence: string, refreshSeconds?: number) {
  return reply
    .code(statusCode)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Content-Security-Policy', shortPagePolicy)
    .send(shortHtmlPage({ title: STATUS_CODES[statusCode] ?? 'Admit', sentence, ...(refreshSeconds ? { refreshSeconds } : {}) }));
}

/**
 * Errors outside the API's scope (page addresses, built files) answer the short HTML page, never Fastify's own
 * JSON: a body that never finishes (408), a method pages do not take (405). The API keeps its envelope.
 */
export function registerPageErrorAnswers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const statusCode = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (statusCode >= 500) request.log.error({ err: error }, 'page error');
    else request.log.info({ code: error instanceof HttpError ? error.status : error.code }, 'client error');
    const sentence = error instanceof HttpError ? error.message : errorEnvelope(statusCode, error.code).message;
    return sendShortPage(reply, statusCode, sentence);
  });
  // Every GET and HEAD outside the API is a page or a built file: a GET here asked for a file that is not in this
  // build (an old page's bundle, say); anything else asked a page address with another method.
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') {
      return sendShortPage(reply, 404, 'This file is not part of Admit now. Please reload the page.');
    }
    reply.header('Allow', 'GET, HEAD');
    // Answered before any body is read: a body still arriving must not keep the connection open behind the answer.
    if (!request.raw.complete) reply.header('Connection', 'close');
    return sendShortPage(reply, 405, 'Pages are only read, not sent to. Please open the address in your browser.');
  });
}
