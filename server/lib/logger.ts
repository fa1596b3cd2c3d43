import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';
import { readableLogStream } from './readable-log.ts';

const sensitiveQueryKeys = /^(code|token|password|secret|refreshToken|accessToken|signature)$/i;

/** A URL safe to log: the values of sensitive query parameters are replaced. */
export function redactUrl(url: string): string {
  const [path, query] = url.split('?', 2);
  if (!query) return url;
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()]) if (sensitiveQueryKeys.test(key)) params.set(key, '[redacted]');
  return `${path}?${params.toString()}`;
}

const requestIdPattern = /^[\w-]{8,64}$/;

/**
 * Structured logs with request ids; tokens, cookies and passwords never reach them. A deployment writes JSON lines
 * for its log collector; a local instance writes them for a person at the terminal (`readableLogStream`).
 */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'env' | 'isLocal'>): Partial<FastifyServerOptions> {
  return {
    logger: {
      level: config.env === 'test' ? 'silent' : config.logLevel,
      ...(config.isLocal && config.env !== 'test' ? { stream: readableLogStream() } : {}),
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          '*.password',
          '*.refreshToken',
          '*.accessToken',
        ],
        censor: '[redacted]',
      },
      serializers: {
        req: (req: { method: string; url: string; ip?: string; headers?: Record<string, unknown> }) => ({
          method: req.method,
          url: redactUrl(req.url),
          ip: req.ip,
          userAgent: req.headers?.['user-agent'],
        }),
      },
    },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : randomUUID();
    },
  };
}
