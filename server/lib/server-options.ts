import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { finished, PassThrough } from 'node:stream';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { maxImageBytes } from '../../src/contract/uploads.ts';
import type { Config } from '../config.ts';
import { errorEnvelope } from './error-envelope.ts';
import { HttpError } from './http-error.ts';
import { loggerOptions } from './logger.ts';

export interface RequestLimits {
  /** Time a request body has to arrive, plus what its declared size needs at `minBytesPerSecond`. */
  bodyMs: number;
  /** The slowest upload still served: about 400 kbit/s, a weak mobile uplink. */
  minBytesPerSecond: number;
  /** Time for the request line and headers. */
  headersMs: number;
  /** A connection with no traffic either way for this long is closed (a client that stopped reading). */
  idleMs: number;
  /** How often Node looks for requests past their time. */
  checkEveryMs: number;
}

export const requestLimits: RequestLimits = {
  bodyMs: 30_000,
  minBytesPerSecond: 48_000,
  headersMs: 30_000,
  idleMs: 60_000,
  checkEveryMs: 5_000,
};

const bodyTimeMs = (limits: RequestLimits, bytes: number) => limits.bodyMs + Math.ceil((bytes / limits.minBytesPerSecond) * 1000);

/** The API's base path: `PUBLIC_API_BASE` when it is a path, else `/api`. */
export const apiBaseOf = (config: Config) => (config.publicConfig.apiBase.startsWith('/') ? config.publicConfig.apiBase : '/api');

const underBase = (url: string, base: string) => url === base || url.startsWith(`${base}/`) || url.startsWith(`${base}?`);

/**
 * The Fastify server both entries use (the web tier and the API alone): no request holds a
 * connection for long, and every error Fastify or Node raises before a route runs still answers
 * the envelope under the API base (pages get a short HTML page).
 */
export function createServer(config: Config, limits: RequestLimits = requestLimits): FastifyInstance {
  const apiBase = apiBaseOf(config);
  const app = Fastify({
    ...loggerOptions(config),
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    // Node's own bound for a whole request: the largest body there is (an image) at the slowest rate served.
    requestTimeout: bodyTimeMs(limits, maxImageBytes),
    http: { headersTimeout: limits.headersMs, connectionsCheckingInterval: limits.checkEveryMs },
    connectionTimeout: limits.idleMs,
    // Longer than the 60 s idle timeout of common load balancers, so they never reuse a closed connection.
    keepAliveTimeout: 72_000,
    // The longest id in a path is 64 characters; a longer part is not routed, and answered 414.
    routerOptions: { maxParamLength: 100 },
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const statusCode = error.statusCode ?? 400;
      if (underBase(request.url, apiBase)) return reply.code(statusCode).send(errorEnvelope(statusCode, error.code));
      const sentence = errorEnvelope(statusCode, error.code).message;
      return reply
        .code(statusCode)
        .type('text/html; charset=utf-8')
        .send(`<!doctype html><html lang="en"><title>Admit</title><p>${sentence}</p></html>`);
    },
    clientErrorHandler: answerOnSocket,
  });
  boundRequestBodies(app, limits);
  return app;
}

/** Node's parser refused the request, or it timed out: answer on the socket while it can still be written. */
function answerOnSocket(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const statusCode = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  this.log.info({ code: error.code }, 'client error');
  // A response already started on this socket cannot be followed by another.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy(error);
    return;
  }
  const body = JSON.stringify(errorEnvelope(statusCode));
  const head = [
    `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
}

/**
 * A body still arriving gets `bodyMs`, and more for a large declared size, then the request is
 * answered 408 and its connection closed: a body that never finishes cannot hold a connection.
 */
function boundRequestBodies(app: FastifyInstance, limits: RequestLimits): void {
  app.addHook('preParsing', async (request, reply, payload) => {
    // The usual small body arrived with the headers, and Fastify reads none for GET or HEAD.
    if (request.raw.complete || request.method === 'GET' || request.method === 'HEAD') return payload;
    const declared = Math.min(Number(request.headers['content-length']) || 0, maxImageBytes);
    const bounded = new PassThrough();
    // Fastify reads `bounded` and listens for its errors; a body nobody reads still must not throw.
    bounded.on('error', () => {});
    payload.pipe(bounded);
    finished(payload, (error) => {
      if (error) bounded.destroy(error);
    });
    const timer = setTimeout(
      () => {
        payload.unpipe(bounded);
        reply.header('connection', 'close');
        bounded.destroy(new HttpError('REQUEST_TIMEOUT', 'The request took too long to arrive. Please try again.'));
      },
      bodyTimeMs(limits, declared),
    );
    timer.unref();
    const stop = () => clearTimeout(timer);
    bounded.once('close', stop);
    bounded.once('end', stop);
    reply.raw.once('close', stop);
    return bounded;
  });
}
