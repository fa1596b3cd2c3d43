import type { FastifyInstance, FastifyRequest } from 'fastify';

const rawBodies = new WeakMap<FastifyRequest, string>();

/**
 * Webhook signatures cover the exact bytes sent, which parsed JSON no longer has. This keeps the
 * text of JSON bodies sent to webhook paths; parsing (and its prototype-poisoning guard) is Fastify's own.
 */
export function keepRawWebhookBodies(app: FastifyInstance, isWebhook: (url: string) => boolean): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (isWebhook(request.url)) rawBodies.set(request, body as string);
    parseJson(request, body as string, done);
  });
}

export function rawBodyOf(request: FastifyRequest): string | undefined {
  return rawBodies.get(request);
}
