import type { FastifyInstance } from 'fastify';
import { reasonBodySchema } from '../../../src/contract/admin.ts';
import {
  adminTicketPageSchema,
  adminTicketSchema,
  adminTicketsQuerySchema,
  reissueTicketSchema,
  ticketIdParamsSchema,
} from '../../../src/contract/admin-sales.ts';
import type { ApiContext } from '../../api-context.ts';
import type { OrdersDeps } from '../orders/orders.service.ts';
import { adminTicket, listTickets, reissueTicket, voidTicket } from './admin-tickets.service.ts';

const tags = ['admin'];

/** The admin console's tickets: find one, open it with its check-ins, void it or reissue it. */
export function adminTicketsRoutes(app: FastifyInstance, { config, db, routes, auth }: ApiContext, orders: OrdersDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/admin/tickets',
    summary: 'Find tickets by code, id, order reference or holder name (tickets.void)',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    query: adminTicketsQuerySchema,
    response: adminTicketPageSchema,
    handler: async ({ query, request }) => ({
      message: 'Tickets.',
      data: await listTickets(db, await auth.require(request), query),
    }),
  });

  routes.add(app, {
    method: 'GET',
    url: '/admin/tickets/:ticketId',
    summary: 'A ticket with its check-in history across door devices and its audit trail (tickets.void)',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    params: ticketIdParamsSchema,
    response: adminTicketSchema,
    handler: async ({ params, request }) => ({
      message: 'Ticket.',
      data: await adminTicket(db, await auth.require(request), params.ticketId),
    }),
  });

  routes.add(app, {
    method: 'POST',
    url: '/admin/tickets/:ticketId/void',
    summary: 'Void a ticket with a reason: the door answers voided (tickets.void, recent sign-in)',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: ticketIdParamsSchema,
    body: reasonBodySchema,
    response: adminTicketSchema,
    handler: async ({ params, body, request }) => ({
      message: 'The ticket is void.',
      data: await voidTicket(db, await auth.require(request), params.ticketId, body.reason),
    }),
  });

  routes.add(app, {
    method: 'POST',
    url: '/admin/tickets/:ticketId/reissue',
    summary: 'Reissue a ticket to a corrected holder name and mail it to the buyer (tickets.void, recent sign-in)',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: ticketIdParamsSchema,
    body: reissueTicketSchema,
    response: adminTicketSchema,
    handler: async ({ params, body, request }) => ({
      message: 'The ticket is reissued and mailed to the buyer.',
      data: await reissueTicket(orders, await auth.require(request), params.ticketId, body, config.publicOrigin),
    }),
  });
}
