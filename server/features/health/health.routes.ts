import type { FastifyInstance } from 'fastify';
import { healthSchema, readinessSchema } from '../../../src/contract/health.ts';
import type { ApiContext } from '../../api-context.ts';
import { isDatabaseReachable } from './health.service.ts';

export function healthRoutes(app: FastifyInstance, { db, routes }: ApiContext): void {
  routes.add(app, {
    method: 'GET',
    url: '/health',
    summary: 'Liveness: the process is up',
    tags: ['health'],
    auth: 'none',
    response: healthSchema,
    handler: async () => ({
      message: 'Admit is running.',
      data: { status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) },
    }),
  });

  routes.add(app, {
    method: 'GET',
    url: '/ready',
    summary: 'Readiness: the database answers',
    tags: ['health'],
    auth: 'none',
    statuses: ['OK', 'SERVICE_UNAVAILABLE'],
    response: readinessSchema,
    handler: async () =>
      (await isDatabaseReachable(db))
        ? { message: 'Ready.', data: { database: 'reachable' as const } }
        : {
            message: 'The database is not reachable.',
            data: { database: 'unreachable' as const },
            status: 'SERVICE_UNAVAILABLE',
          },
  });
}
