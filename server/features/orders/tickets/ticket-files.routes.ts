import type { FastifyInstance } from 'fastify';
import { orderAccessQuerySchema, orderParamsSchema, walletLinkSchema } from '../../../../src/contract/orders.ts';
import { orderTicketParamsSchema } from '../../../../src/contract/ticket-transfers.ts';
import type { ApiContext } from '../../../api-context.ts';
import type { OrdersDeps } from '../orders.service.ts';
import { appleWalletTicket, googleWalletTicket, orderTicketsPdf } from './ticket-files.service.ts';

/** An order's tickets as files: a PDF, a page a ticket; and a ticket's Google Wallet link and Apple Wallet pass. */
export function ticketFilesRoutes(app: FastifyInstance, { config, routes, auth }: ApiContext, deps: OrdersDeps): void {
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

  routes.add(app, {
    method: 'GET',
    url: '/orders/:orderId/tickets/:ticketId/google-wallet',
    summary: 'A signed link that adds a valid ticket to Google Wallet, where the operator configured an issuer (404 otherwise)',
    tags: ['tickets'],
    auth: 'optional',
    errors: ['CONFLICT'],
    params: orderTicketParamsSchema,
    query: orderAccessQuerySchema,
    response: walletLinkSchema,
    handler: async ({ params, query, request }) => {
      const caller = await auth.optional(request);
      const link = await googleWalletTicket(deps, {
        ...params,
        token: query.token,
        userId: caller?.sub ?? null,
        origin: config.publicOrigin,
      });
      return { message: 'Open the link to add the ticket to Google Wallet.', data: link };
    },
  });

  routes.addFile(app, {
    method: 'GET',
    url: '/orders/:orderId/tickets/:ticketId/apple-wallet.pkpass',
    summary:
      'A valid ticket as a signed Apple Wallet pass, where the operator configured a Pass Type ID certificate (404 otherwise)',
    tags: ['tickets'],
    auth: 'optional',
    errors: ['CONFLICT'],
    params: orderTicketParamsSchema,
    query: orderAccessQuerySchema,
    contentType: 'application/vnd.apple.pkpass',
    handler: async ({ params, query, request }) => {
      const caller = await auth.optional(request);
      return appleWalletTicket(deps, { ...params, token: query.token, userId: caller?.sub ?? null });
    },
  });
}
