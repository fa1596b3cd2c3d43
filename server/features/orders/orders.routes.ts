import type { FastifyInstance } from 'fastify';
import {
  bookingFeeRuleSchema,
  createOrderSchema,
  myOrdersSchema,
  orderAccessQuerySchema,
  orderParamsSchema,
  orderSchema,
} from '../../../src/contract/orders.ts';
import type { ApiContext } from '../../api-context.ts';
import type { PaymentProvider } from '../../lib/payments/provider.ts';
import { createOrder } from './order-placement.service.ts';
import { bookingFeeRule, getOrder, myOrders, newOrderCaches, type OrdersDeps, releaseOrder } from './orders.service.ts';
import { idempotencyKeyHeader, idempotencyKeyOf } from './request-context.ts';

const tags = ['orders'];

export function ordersRoutes(
  app: FastifyInstance,
  { db, config, routes, auth, images }: ApiContext,
  provider: PaymentProvider,
): OrdersDeps {
  const deps: OrdersDeps = {
    db,
    secret: config.jwtSecret,
    provider,
    imageUrl: images.url,
    holdSeconds: config.orderHoldSeconds,
    orderLimitPerAddress: config.orderLimitPerAddress,
    ...newOrderCaches(),
  };

  routes.add(app, {
    method: 'GET',
    url: '/booking-fee',
    summary: 'The platform’s booking fee rule now in force',
    tags,
    auth: 'none',
    response: bookingFeeRuleSchema,
    handler: async () => ({ message: 'Booking fee.', data: await bookingFeeRule(deps) }),
  });

  routes.add(app, {
    method: 'POST',
    url: '/orders',
    summary: 'Hold tickets and get where to pay (free orders are confirmed at once); needs an Idempotency-Key header',
    tags,
    auth: 'optional',
    headers: [idempotencyKeyHeader],
    statuses: ['CREATED'],
    errors: ['NOT_FOUND', 'CONFLICT', 'TOO_MANY_REQUESTS', 'SERVICE_UNAVAILABLE'],
    body: createOrderSchema,
    response: orderSchema,
    handler: async ({ body, request }) => {
      const key = idempotencyKeyOf(request);
      const caller = await auth.optional(request);
      const order = await createOrder(deps, body, key, {
        userId: caller?.sub ?? null,
        origin: config.publicOrigin,
        ip: request.ip,
      });
      const message =
        order.status === 'paid' ? 'Your tickets are booked.' : 'Your tickets are held. Complete the payment to book them.';
      return { message, data: order };
    },
  });

  routes.add(app, {
    method: 'GET',
    url: '/orders/mine',
    summary: 'Orders of the signed-in user (made while signed in or with their email), newest event first',
    tags,
    auth: 'required',
    errors: ['NOT_FOUND'],
    response: myOrdersSchema,
    handler: async ({ request }) => {
      const caller = await auth.require(request);
      return { message: 'Your orders.', data: await myOrders(deps, caller.sub) };
    },
  });

  routes.add(app, {
    method: 'GET',
    url: '/orders/:orderId',
    summary: 'One order, for its buyer (signed in, or with the access token) or the event’s organisation',
    tags,
    auth: 'optional',
    params: orderParamsSchema,
    query: orderAccessQuerySchema,
    response: orderSchema,
    handler: async ({ params, query, request }) => {
      const caller = await auth.optional(request);
      return { message: 'Order.', data: await getOrder(deps, params.orderId, query.token, caller?.sub ?? null) };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/orders/:orderId/release',
    summary: 'The buyer gives up a held order; its tickets go back on sale now',
    tags,
    auth: 'optional',
    errors: ['CONFLICT'],
    params: orderParamsSchema,
    query: orderAccessQuerySchema,
    response: orderSchema,
    handler: async ({ params, query, request }) => {
      const caller = await auth.optional(request);
      return {
        message: 'The tickets are released.',
        data: await releaseOrder(deps, params.orderId, query.token, caller?.sub ?? null),
      };
    },
  });

  return deps;
}
