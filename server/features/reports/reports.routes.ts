import type { FastifyInstance } from 'fastify';
import { dashboardQuerySchema, dashboardSchema } from '../../../src/contract/dashboard.ts';
import { organizationParamsSchema } from '../../../src/contract/users.ts';
import type { ApiContext } from '../../api-context.ts';
import { dashboard } from './dashboard.service.ts';

const tags = ['organiser reports'];

export function reportsRoutes(app: FastifyInstance, { db, routes, auth }: ApiContext): void {
  routes.add(app, {
    method: 'GET',
    url: '/organizations/:organizationId/dashboard',
    summary: 'The organiser dashboard: money per currency, sales, the door, page views and setup (owners, managers, finance)',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    params: organizationParamsSchema,
    query: dashboardQuerySchema,
    response: dashboardSchema,
    handler: async ({ params, query, request }) => {
      const caller = await auth.require(request);
      return { message: 'Dashboard.', data: await dashboard(db, caller.sub, params.organizationId, query) };
    },
  });
}
