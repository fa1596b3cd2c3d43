// The client build's files: hashed bundles kept for a year, the service worker never kept, the rest for an hour.
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const immutable = 'public, max-age=31536000, immutable';

/**
 * The hashed bundles are served by one route over their folder; the dozen files beside them have a route each. A
 * route per file for all of them (over five hundred with their compressed copies) cost a fifth of a warm start.
 */
export async function serveBuiltFiles(app: FastifyInstance, clientDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: join(clientDir, 'assets'),
    prefix: '/assets/',
    preCompressed: true,
    serveDotFiles: false,
    index: false,
    setHeaders: (reply) => reply.header('Cache-Control', immutable),
  });
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    decorateReply: false,
    preCompressed: true,
    serveDotFiles: false,
    globIgnore: ['assets/**'],
    setHeaders(reply, path) {
      reply.header('Cache-Control', path.endsWith('sw.js') ? 'no-cache' : 'public, max-age=3600');
    },
  });
}
