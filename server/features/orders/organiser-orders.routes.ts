import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { eventParamsSchema } from '../../../src/contract/events.ts';
import {
  orderListQuerySchema,
  orderListSchema,
  orderParamsSchema,
  organiserOrderSchema,
  refundSchema,
  ticketKeysSchema,
} from '../../../src/contract/orders.ts';
import { organizationParamsSchema } from '../../../src/contract/users.ts';
import type { ApiContext } from '../../api-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { requestOrigin } from '../../lib/request-origin.ts';
import { toFieldErrors } from '../../plugins/route-registry.ts';
import type { OrdersDeps } from './orders.service.ts';
import {
  listOrganisationOrders,
  organisationOrder,
  organisationOrdersCsv,
  refundOrder,
  ticketKeys,
} from './organiser-orders.service.ts';
import { idempotencyKeyOf } from './request-context.ts';

const tags = ['organiser orders'];

function parsed<T>(schema: z.ZodType<T>, value: unknown, prefix: string): T {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw new HttpError('BAD_REQUEST', 'Some of the information sent is not valid.', toFieldErrors(result.error, prefix));
}

export function organiserOrdersRoutes(app: FastifyInstance, { config, routes, auth }: ApiContext, deps: OrdersDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/organizations/:organizationId/orders',
    summary: 'Orders of the organisation’s events with money totals per currency (owners, managers, finance)',
    tags,
    params: organizationParamsSchema,
    query: orderListQuerySchema,
    response: orderListSchema,
    handler: async ({ params, query, request }) => {
      const caller = await auth.require(request);
      return { message: 'Orders.', data: await listOrganisationOrders(deps, caller.sub, params.organizationId, query) };
    },
  });

  // A file, not the JSON envelope: declared outside the registry, validated with the same schemas.
  app.get('/organizations/:organizationId/orders.csv', async (request, reply) => {
    const params = parsed(organizationParamsSchema, request.params, 'params');
    const query = parsed(orderListQuerySchema, request.query, 'query');
    const caller = await auth.require(request);
    const csv = await organisationOrdersCsv(deps, caller.sub, params.organizationId, query);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  routes.add(app, {
    method: 'GET',
    url: '/organizations/:organizationId/orders/:orderId',
    summary: 'One order of the organisation with its tickets and history',
    tags,
    params: organizationParamsSchema.extend(orderParamsSchema.shape),
    response: organiserOrderSchema,
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
    params: orderParamsSchema,
    body: refundSchema,
    response: organiserOrderSchema,
    handler: async ({ params, body, request }) => {
      const key = idempotencyKeyOf(request);
      const caller = await auth.require(request);
      const order = await refundOrder(deps, caller.sub, params.orderId, body, key, requestOrigin(config, request));
      return { message: 'Refunded. The buyer is told by email.', data: order };
    },
  });

  routes.add(app, {
    method: 'GET',
    url: '/events/:eventId/ticket-keys',
    summary: 'The event’s public ticket keys and revoked tickets, for offline checking (organisation members)',
    tags,
    params: eventParamsSchema,
    response: ticketKeysSchema,
    handler: async ({ params, request }) => {
      const caller = await auth.require(request);
      return { message: 'Ticket keys.', data: await ticketKeys(deps, caller.sub, params.eventId) };
    },
  });
}
