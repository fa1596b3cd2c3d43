import type { FastifyInstance } from 'fastify';
import { dashboardQuerySchema, dashboardSchema } from '../../../src/contract/dashboard.ts';
import { doorListParamsSchema, doorListSchema } from '../../../src/contract/door-list.ts';
import {
  reportMaxDays,
  reportMaxRows,
  reportPageQuerySchema,
  reportPageSchema,
  reportParamsSchema,
  reportQuerySchema,
} from '../../../src/contract/reports.ts';
import { organizationParamsSchema } from '../../../src/contract/users.ts';
import type { ApiContext } from '../../api-context.ts';
import { dashboard } from './dashboard.service.ts';
import { doorList } from './door-list.service.ts';
import { reportCsv, reportPage } from './reports.service.ts';

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
    summary: `A report as CSV, streamed: revenue-summary and transactions (owners, finance); sales-by-day, sales-by-type (money columns for owners and finance only), checkins and attendees (owners, managers, finance); at most ${reportMaxDays} days and ${reportMaxRows} rows; every cell reads as text in a spreadsheet`,
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

  routes.add(app, {
    method: 'GET',
    url: '/organizations/:organizationId/reports/:report/rows',
    summary: 'One page of a report, for the screen: the same columns, cells and rights as its CSV file',
    tags,
    auth: 'required',
    errors: ['BAD_REQUEST', 'FORBIDDEN'],
    params: reportParamsSchema,
    query: reportPageQuerySchema,
    response: reportPageSchema,
    handler: async ({ params, query, request }) => {
      const caller = await auth.require(request);
      return { message: 'Report.', data: await reportPage(db, caller.sub, params.organizationId, params.report, query) };
    },
  });

  routes.add(app, {
    method: 'GET',
    url: '/events/:eventId/door-list',
    summary: 'The event’s attendees by surname, to print for the door (owners, managers, door staff)',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    params: doorListParamsSchema,
    response: doorListSchema,
    handler: async ({ params, request }) => {
      const caller = await auth.require(request);
      return { message: 'Door list.', data: await doorList(db, caller.sub, params.eventId) };
    },
  });
}
