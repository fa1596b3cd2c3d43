import type { FastifyInstance } from 'fastify';
import { eventParamsSchema } from '../../../../src/contract/events.ts';
import {
  orderListQuerySchema,
  orderListSchema,
  orderParamsSchema,
  organizerOrderSchema,
  refundSchema,
  ticketKeysSchema,
} from '../../../../src/contract/orders.ts';
import { organizationParamsSchema } from '../../../../src/contract/users.ts';
import type { ApiContext } from '../../../api-context.ts';
import { idempotencyKeyHeader, idempotencyKeyOf } from '../../../plugins/idempotency-key.ts';
import type { OrdersDeps } from '../orders.service.ts';
import {
  listOrganisationOrders,
  organisationOrder,
  organisationOrdersCsv,
  refundOrder,
  ticketKeys,
} from './organiser-orders.service.ts';

const tags = ['organiser orders'];

export function organiserOrdersRoutes(app: FastifyInstance, { config, routes, auth }: ApiContext, deps: OrdersDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/organizations/:organizationId/orders',
    summary: 'Orders of the organisation’s events with money totals per currency (owners, managers, finance)',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    params: organizationParamsSchema,
    query: orderListQuerySchema,
    response: orderListSchema,
    handler: async ({ params, query, request }) => {
      const caller = await auth.require(request);
      return { message: 'Orders.', data: await listOrganisationOrders(deps, caller.sub, params.organizationId, query) };
    },
  });

  routes.addFile(app, {
    method: 'GET',
    url: '/organizations/:organizationId/orders.csv',
    summary: 'The same orders as a CSV file (owners, managers, finance); every cell reads as text in a spreadsheet',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    params: organizationParamsSchema,
    query: orderListQuerySchema,
    contentType: 'text/csv; charset=utf-8',
    handler: async ({ params, query, request }) => {
      const caller = await auth.require(request);
      const content = await organisationOrdersCsv(deps, caller.sub, params.organizationId, query);
      return { fileName: `orders-${new Date().toISOString().slice(0, 10)}.csv`, content };
    },
  });

  routes.add(app, {
    method: 'GET',
    url: '/organizations/:organizationId/orders/:orderId',
    summary: 'One order of the organisation with its tickets and history',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    params: organizationParamsSchema.extend(orderParamsSchema.shape),
    response: organizerOrderSchema,
    handler: async ({ params, request }) => {
      const caller = await auth.require(request);
      return { message: 'Order.', data: await organisationOrder(deps, caller.sub, params.organizationId, params.orderId) };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/orders/:orderId/refunds',
    summary: 'Refund a whole order or some of its tickets (owners, finance); needs an Idempotency-Key header',
    tags,
    auth: 'required',
    whileActing: 'refused',
    headers: [idempotencyKeyHeader],
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: orderParamsSchema,
    body: refundSchema,
    response: organizerOrderSchema,
    handler: async ({ params, body, request }) => {
      const key = idempotencyKeyOf(request);
      const caller = await auth.require(request);
      const order = await refundOrder(deps, caller.sub, params.orderId, body, key, config.publicOrigin);
      return { message: 'Refunded. The buyer is told by email.', data: order };
    },
  });

  routes.add(app, {
    method: 'GET',
    url: '/events/:eventId/ticket-keys',
    summary: 'The event’s public ticket keys and revoked tickets, for offline checking (organisation members)',
    tags,
    auth: 'required',
    params: eventParamsSchema,
    response: ticketKeysSchema,
    handler: async ({ params, request }) => {
      const caller = await auth.require(request);
      return { message: 'Ticket keys.', data: await ticketKeys(deps, caller.sub, params.eventId) };
    },
  });
}
