import type { FastifyInstance } from 'fastify';
import { orderAccessQuerySchema, orderParamsSchema } from '../../../../src/contract/orders.ts';
import type { ApiContext } from '../../../api-context.ts';
import type { OrdersDeps } from '../orders.service.ts';
import { orderTicketsPdf } from './ticket-files.service.ts';

/** An order's tickets as files: a PDF, a page a ticket. */
export function ticketFilesRoutes(app: FastifyInstance, { routes, auth }: ApiContext, deps: OrdersDeps): void {
  routes.addFile(app, {
    method: 'GET',
    url: '/orders/:orderId/tickets.pdf',
    summary:
      'The order’s valid tickets as a PDF, one A4 page each with its QR code (the buyer, or the organisation’s order readers)',
    tags: ['tickets'],
    auth: 'optional',
    errors: ['CONFLICT'],
    params: orderParamsSchema,
    query: orderAccessQuerySchema,
    contentType: 'application/pdf',
    handler: async ({ params, query, request }) => {
      const caller = await auth.optional(request);
      return orderTicketsPdf(deps, { orderId: params.orderId, token: query.token, userId: caller?.sub ?? null });
    },
  });
}
