import type { FastifyInstance } from 'fastify';
import { dashboardQuerySchema, dashboardSchema } from '../../../src/contract/dashboard.ts';
import { doorListParamsSchema, doorListQuerySchema, doorListSchema } from '../../../src/contract/door-list.ts';
import {
  reportFileQuerySchema,
  reportMaxDays,
  reportMaxRows,
  reportPageQuerySchema,
  reportPageSchema,
  reportParamsSchema,
  workbookMaxRows,
} from '../../../src/contract/reports.ts';
import { organizationParamsSchema } from '../../../src/contract/users.ts';
import type { ApiContext } from '../../api-context.ts';
import { xlsxContentType } from '../../lib/xlsx-workbook.ts';
import { dashboard } from './dashboard.service.ts';
import { doorList } from './door-list.service.ts';
import { reportFile, reportPage } from './reports.service.ts';

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
    summary: `A report as a file, \`format=csv\` (the default, streamed) or \`format=xlsx\` (a workbook of the same columns; figures as numbers, every other cell as text, never a formula): revenue-summary and transactions (owners, finance); sales-by-day, sales-by-type (money columns for owners and finance only), checkins and attendees (owners, managers, finance); at most ${reportMaxDays} days and ${reportMaxRows} rows (${workbookMaxRows} in a workbook); every CSV cell reads as text in a spreadsheet`,
    tags,
    auth: 'required',
    errors: ['BAD_REQUEST', 'FORBIDDEN', 'TOO_MANY_REQUESTS'],
    params: reportParamsSchema,
    query: reportFileQuerySchema,
    contentType: ['text/csv; charset=utf-8', xlsxContentType],
    handler: async ({ params, query, request }) => {
      const caller = await auth.require(request);
      return reportFile(db, caller.sub, params.organizationId, params.report, query);
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
    summary:
      'The event’s attendees by surname, to print for the door, with one question’s answers when ?question= names one shown at the door (owners, managers, door staff)',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    params: doorListParamsSchema,
    query: doorListQuerySchema,
    response: doorListSchema,
    handler: async ({ params, query, request }) => {
      const caller = await auth.require(request);
      return { message: 'Door list.', data: await doorList(db, caller.sub, params.eventId, query.question) };
    },
  });
}
