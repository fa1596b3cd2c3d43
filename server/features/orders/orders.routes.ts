import type { FastifyInstance } from 'fastify';
import {
  bookingFeeQuerySchema,
  bookingFeeRuleSchema,
  createOrderSchema,
  myOrdersSchema,
  orderAccessQuerySchema,
  orderEmailCodeSchema,
  orderParamsSchema,
  orderSchema,
} from '../../../src/contract/orders.ts';
import { orderAnswersInputSchema } from '../../../src/contract/questions.ts';
import type { ApiContext } from '../../api-context.ts';
import { idempotencyKeyHeader, idempotencyKeyOf } from '../../plugins/idempotency-key.ts';
import { changeOrderAnswers } from './order-answers.service.ts';
import { bookingFeeRule, getOrder, myOrders, type OrdersDeps, releaseOrder } from './orders.service.ts';
import { confirmOrderEmail, sendOrderEmailCode } from './placement/email-proof.service.ts';
import { createOrder } from './placement/order-placement.service.ts';

const tags = ['orders'];

/** The buyer's routes; `deps` is what placing and paying for orders share (built once, in app.ts). */
export function ordersRoutes(app: FastifyInstance, { config, routes, auth }: ApiContext, deps: OrdersDeps): void {
  routes.add(app, {
    method: 'GET',
    url: '/booking-fee',
    summary:
      'The booking fee rule now in force for tickets in a currency (GBP when none is given): the event’s organiser’s fee plan, else the platform’s',
    tags,
    auth: 'none',
    errors: ['NOT_FOUND'],
    query: bookingFeeQuerySchema,
    response: bookingFeeRuleSchema,
    handler: async ({ query }) => ({ message: 'Booking fee.', data: await bookingFeeRule(deps, query) }),
  });

  routes.add(app, {
    method: 'POST',
    url: '/orders',
    summary:
      'Hold tickets and get where to pay (free orders are confirmed at once for a buyer with a proven email, else once the mailed code is entered); needs an Idempotency-Key header',
    tags,
    auth: 'optional',
    whileActing: 'refused',
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
        order.status === 'paid'
          ? 'Your tickets are booked.'
          : order.awaitingEmailCode
            ? 'Check your email — enter the code we sent to get your tickets.'
            : 'Your tickets are held. Complete the payment to book them.';
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
    whileActing: 'refused',
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

  routes.add(app, {
    method: 'PUT',
    url: '/orders/:orderId/answers',
    summary:
      'The buyer corrects their answers to the event’s questions (until the event’s deadline), checked against the questions as they were asked',
    tags,
    auth: 'optional',
    whileActing: 'refused',
    errors: ['CONFLICT'],
    params: orderParamsSchema,
    query: orderAccessQuerySchema,
    body: orderAnswersInputSchema,
    response: orderSchema,
    handler: async ({ params, query, body, request }) => {
      const caller = await auth.optional(request);
      const order = await changeOrderAnswers(deps, params.orderId, query.token, caller?.sub ?? null, body.answers);
      return { message: 'Your answers are saved.', data: order };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/orders/:orderId/confirm-email',
    summary: 'The buyer enters the code mailed for a free order, and its tickets are issued',
    tags,
    auth: 'optional',
    whileActing: 'refused',
    errors: ['NOT_FOUND', 'CONFLICT', 'TOO_MANY_REQUESTS'],
    params: orderParamsSchema,
    query: orderAccessQuerySchema,
    body: orderEmailCodeSchema,
    response: orderSchema,
    handler: async ({ params, query, body, request }) => {
      const caller = await auth.optional(request);
      const order = await confirmOrderEmail(
        deps,
        { orderId: params.orderId, token: query.token, code: body.code },
        { userId: caller?.sub ?? null, ip: request.ip, origin: config.publicOrigin },
      );
      return { message: 'Your tickets are booked.', data: order };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/orders/:orderId/send-code',
    summary: 'Mails a new code for a free order waiting for one (the old code stops working)',
    tags,
    auth: 'optional',
    whileActing: 'refused',
    errors: ['NOT_FOUND', 'CONFLICT', 'TOO_MANY_REQUESTS'],
    params: orderParamsSchema,
    query: orderAccessQuerySchema,
    response: orderSchema,
    handler: async ({ params, query, request }) => {
      const caller = await auth.optional(request);
      const order = await sendOrderEmailCode(
        deps,
        { orderId: params.orderId, token: query.token },
        { userId: caller?.sub ?? null, ip: request.ip, origin: config.publicOrigin },
      );
      return { message: `We sent a new code to ${order.buyer.email}.`, data: order };
    },
  });
}
