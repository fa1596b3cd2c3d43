import type { FastifyInstance } from 'fastify';
import { orderAccessQuerySchema, orderSchema } from '../../../../src/contract/orders.ts';
import { orderTicketParamsSchema, renameTicketSchema, transferTicketSchema } from '../../../../src/contract/ticket-transfers.ts';
import type { ApiContext } from '../../../api-context.ts';
import type { OrdersDeps } from '../orders.service.ts';
import { renameTicket, transferTicket } from './ticket-transfers.service.ts';

const tags = ['tickets'];

/** The buyer passes a ticket on or corrects its holder's name, where the organiser allows (decision 069). */
export function ticketTransfersRoutes(app: FastifyInstance, { config, routes, auth }: ApiContext, deps: OrdersDeps): void {
  routes.add(app, {
    method: 'POST',
    url: '/orders/:orderId/tickets/:ticketId/transfer',
    summary:
      'The buyer gives a ticket to someone else: a new signed code mailed to them, the old code refused at the door; no money moves',
    tags,
    auth: 'optional',
    whileActing: 'refused',
    errors: ['CONFLICT'],
    params: orderTicketParamsSchema,
    query: orderAccessQuerySchema,
    body: transferTicketSchema,
    response: orderSchema,
    handler: async ({ params, query, body, request }) => {
      const caller = await auth.optional(request);
      const order = await transferTicket(deps, {
        ...params,
        token: query.token,
        userId: caller?.sub ?? null,
        input: body,
        origin: config.publicOrigin,
      });
      return { message: `Passed on. ${body.holderName} has the ticket by email; its old code no longer works.`, data: order };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/orders/:orderId/tickets/:ticketId/holder-name',
    summary: 'The buyer corrects the holder’s name on a ticket; its codes stay',
    tags,
    auth: 'optional',
    whileActing: 'refused',
    errors: ['CONFLICT'],
    params: orderTicketParamsSchema,
    query: orderAccessQuerySchema,
    body: renameTicketSchema,
    response: orderSchema,
    handler: async ({ params, query, body, request }) => {
      const caller = await auth.optional(request);
      const order = await renameTicket(deps, { ...params, token: query.token, userId: caller?.sub ?? null, input: body });
      return { message: 'Name corrected.', data: order };
    },
  });
}
