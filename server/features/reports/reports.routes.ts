import type { FastifyInstance } from 'fastify';
import { dashboardQuerySchema, dashboardSchema } from '../../../src/contract/dashboard.ts';
import { reportMaxDays, reportMaxRows, reportParamsSchema, reportQuerySchema } from '../../../src/contract/reports.ts';
import { organizationParamsSchema } from '../../../src/contract/users.ts';
import type { ApiContext } from '../../api-context.ts';
import { dashboard } from './dashboard.service.ts';
import { reportCsv } from './reports.service.ts';

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

  routes.addFile(app, {
    method: 'GET',
    url: '/organizations/:organizationId/reports/:report',
    summary: `A report as CSV, streamed (owners, managers, finance): transactions, sales-by-type, checkins or attendees; at most ${reportMaxDays} days and ${reportMaxRows} rows; every cell reads as text in a spreadsheet`,
    tags,
    auth: 'required',
    errors: ['BAD_REQUEST', 'FORBIDDEN'],
    params: reportParamsSchema,
    query: reportQuerySchema,
    contentType: 'text/csv; charset=utf-8',
    handler: async ({ params, query, request }) => {
      const caller = await auth.require(request);
      return reportCsv(db, caller.sub, params.organizationId, params.report, query);
    },
  });
}
