import type { FastifyInstance } from 'fastify';
import {
  adminOrderPageSchema,
  adminOrderSchema,
  adminOrdersQuerySchema,
  adminRefundSchema,
} from '../../../src/contract/admin-sales.ts';
import { orderParamsSchema } from '../../../src/contract/orders.ts';
import type { ApiContext } from '../../api-context.ts';
import { idempotencyKeyHeader, idempotencyKeyOf } from '../../plugins/idempotency-key.ts';
import type { OrdersDeps } from '../orders/orders.service.ts';
import { adminOrder, adminRefund, listOrders, resendTickets } from './admin-orders.service.ts';

const tags = ['admin'];

/** The admin console's orders: find one, open it, refund it and resend its tickets. */
export function adminOrdersRoutes(app: FastifyInstance, { config, db, routes, auth }: ApiContext, orders: OrdersDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/admin/orders',
    summary:
      'Orders across the platform, newest first: by reference or buyer email, status, event, date (payments.read or orders.refund)',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    query: adminOrdersQuerySchema,
    response: adminOrderPageSchema,
    handler: async ({ query, request }) => ({
      message: 'Orders.',
      data: await listOrders(db, await auth.require(request), query),
    }),
  });

  routes.add(app, {
    method: 'GET',
    url: '/admin/orders/:orderId',
    summary: 'One order with its tickets, payments, refunds, mails sent and audit trail',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    params: orderParamsSchema,
    response: adminOrderSchema,
    handler: async ({ params, request }) => ({
      message: 'Order.',
      data: await adminOrder(orders, await auth.require(request), params.orderId),
    }),
  });

  routes.add(app, {
    method: 'POST',
    url: '/admin/orders/:orderId/refunds',
    summary:
      'Refund a whole order or some of its tickets with a reason (orders.refund, recent sign-in); needs an Idempotency-Key',
    tags,
    auth: 'required',
    whileActing: 'refused',
    headers: [idempotencyKeyHeader],
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: orderParamsSchema,
    body: adminRefundSchema,
    response: adminOrderSchema,
    handler: async ({ params, body, request }) => {
      const key = idempotencyKeyOf(request);
      const caller = await auth.require(request);
      const order = await adminRefund(orders, caller, params.orderId, body, key, config.publicOrigin);
      return { message: 'Refunded. The buyer is told by email.', data: order };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/admin/orders/:orderId/resend-tickets',
    summary: 'Mail the buyer their valid tickets again (orders.refund)',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: orderParamsSchema,
    response: adminOrderSchema,
    handler: async ({ params, request }) => ({
      message: 'The tickets are sent again.',
      data: await resendTickets(orders, await auth.require(request), params.orderId, config.publicOrigin),
    }),
  });
}
