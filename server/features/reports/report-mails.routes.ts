import type { FastifyInstance } from 'fastify';
import {
  newReportMailSchema,
  reportMailListSchema,
  reportMailMaxRecipients,
  reportMailParamsSchema,
  reportMailsPerOrganization,
} from '../../../src/contract/report-mails.ts';
import { organizationParamsSchema } from '../../../src/contract/users.ts';
import type { ApiContext } from '../../api-context.ts';
import { createReportMail, listReportMails, removeReportMail } from './report-mails.service.ts';

const tags = ['organiser reports'];

/** Reports mailed daily or weekly to the addresses a member names, as that member's role sees them. */
export function reportMailsRoutes(app: FastifyInstance, { db, routes, auth }: ApiContext): void {
  routes.add(app, {
    method: 'GET',
    url: '/organizations/:organizationId/report-mails',
    summary: 'The organisation’s mailed reports of the kinds the caller may read (owners, managers, finance)',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    params: organizationParamsSchema,
    response: reportMailListSchema,
    handler: async ({ params, request }) => {
      const caller = await auth.require(request);
      return { message: 'Mailed reports.', data: { items: await listReportMails(db, caller.sub, params.organizationId) } };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/organizations/:organizationId/report-mails',
    summary: `Mail a report each morning (the day before) or each Monday (the week before) to at most ${reportMailMaxRecipients} addresses, showing what the caller's role may see; at most ${reportMailsPerOrganization} per organisation`,
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['BAD_REQUEST', 'FORBIDDEN', 'CONFLICT'],
    params: organizationParamsSchema,
    body: newReportMailSchema,
    response: reportMailListSchema,
    statuses: ['CREATED'],
    handler: async ({ params, body, request }) => {
      const caller = await auth.require(request);
      const items = await createReportMail(db, caller.sub, params.organizationId, body);
      return { message: 'The report will be mailed.', data: { items } };
    },
  });

  routes.add(app, {
    method: 'DELETE',
    url: '/organizations/:organizationId/report-mails/:reportMailId',
    summary: 'Stop mailing a report (its author, an owner or a manager)',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN'],
    params: reportMailParamsSchema,
    response: reportMailListSchema,
    handler: async ({ params, request }) => {
      const caller = await auth.require(request);
      const items = await removeReportMail(db, caller.sub, params.organizationId, params.reportMailId);
      return { message: 'The report is no longer mailed.', data: { items } };
    },
  });
}
