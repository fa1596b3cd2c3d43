import type { FastifyInstance } from 'fastify';
import { reasonBodySchema } from '../../../src/contract/admin.ts';
import {
  adminEventPageSchema,
  adminEventParamsSchema,
  adminEventRowSchema,
  adminEventsQuerySchema,
  adminOrderPageSchema,
  adminOrderSchema,
  adminOrdersQuerySchema,
  adminPaymentPageSchema,
  adminPaymentsQuerySchema,
  adminPayoutPageSchema,
  adminPayoutsQuerySchema,
  adminRefundPageSchema,
  adminRefundSchema,
  adminRefundsQuerySchema,
  adminTicketPageSchema,
  adminTicketSchema,
  adminTicketsQuerySchema,
  adminWebhookPageSchema,
  adminWebhooksQuerySchema,
  featureEventSchema,
  feeQuoteResultSchema,
  feeQuoteSchema,
  feeRuleListQuerySchema,
  feeRuleListSchema,
  moderateEventSchema,
  newFeeRuleSchema,
  platformFeesSchema,
  reissueTicketSchema,
  ticketIdParamsSchema,
  webhookParamsSchema,
  webhookRetrySchema,
} from '../../../src/contract/admin-sales.ts';
import { orderParamsSchema } from '../../../src/contract/orders.ts';
import type { ApiContext } from '../../api-context.ts';
import { idempotencyKeyHeader, idempotencyKeyOf } from '../../plugins/idempotency-key.ts';
import type { OrdersDeps } from '../orders/orders.service.ts';
import {
  addFeeRule,
  featureEvent,
  listEvents,
  listFeeRules,
  listPayments,
  listPayouts,
  listRefunds,
  listWebhooks,
  moderateEvent,
  platformFees,
  quoteFee,
  retryWebhook,
} from './admin-money.service.ts';
import {
  adminOrder,
  adminRefund,
  adminTicket,
  listOrders,
  listTickets,
  reissueTicket,
  resendTickets,
  voidTicket,
} from './admin-orders.service.ts';

const tags = ['admin'];

/** The admin console's orders, tickets, events, payments and booking fees. */
export function adminSalesRoutes(app: FastifyInstance, { config, db, routes, auth }: ApiContext, orders: OrdersDeps): void {
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

  routes.add(app, {
    method: 'GET',
    url: '/admin/events',
    summary: 'Every event with its status and sales, newest first (events.moderate)',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    query: adminEventsQuerySchema,
    response: adminEventPageSchema,
    handler: async ({ query, request }) => ({
      message: 'Events.',
      data: await listEvents(db, await auth.require(request), query),
    }),
  });

  routes.add(app, {
    method: 'POST',
    url: '/admin/events/:eventId/moderation',
    summary: 'Unpublish, suspend or lift the suspension of an event with a reason its organiser receives (events.moderate)',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: adminEventParamsSchema,
    body: moderateEventSchema,
    response: adminEventRowSchema,
    handler: async ({ params, body, request }) => ({
      message: 'Done. The organiser is told by email.',
      data: await moderateEvent(db, await auth.require(request), params.eventId, body),
    }),
  });

  routes.add(app, {
    method: 'PUT',
    url: '/admin/events/:eventId/featured',
    summary: 'Feature a published event on the home page (shown first), or stop (events.moderate)',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'CONFLICT'],
    params: adminEventParamsSchema,
    body: featureEventSchema,
    response: adminEventRowSchema,
    handler: async ({ params, body, request }) => ({
      message: body.featured ? 'The event is featured.' : 'The event is no longer featured.',
      data: await featureEvent(db, await auth.require(request), params.eventId, body.featured),
    }),
  });

  routes.add(app, {
    method: 'GET',
    url: '/admin/payments',
    summary: 'Payments, newest first: by order reference, buyer email or provider reference (payments.read)',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    query: adminPaymentsQuerySchema,
    response: adminPaymentPageSchema,
    handler: async ({ query, request }) => ({
      message: 'Payments.',
      data: await listPayments(db, await auth.require(request), query),
    }),
  });

  routes.add(app, {
    method: 'GET',
    url: '/admin/refunds',
    summary: 'Refunds, newest first, by status (payments.read)',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    query: adminRefundsQuerySchema,
    response: adminRefundPageSchema,
    handler: async ({ query, request }) => ({
      message: 'Refunds.',
      data: await listRefunds(db, await auth.require(request), query),
    }),
  });

  routes.add(app, {
    method: 'GET',
    url: '/admin/webhooks',
    summary: 'Payment provider webhook deliveries, newest first; failed=true: those that matched no payment (payments.read)',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    query: adminWebhooksQuerySchema,
    response: adminWebhookPageSchema,
    handler: async ({ query, request }) => ({
      message: 'Webhook deliveries.',
      data: await listWebhooks(db, await auth.require(request), query),
    }),
  });

  routes.add(app, {
    method: 'GET',
    url: '/admin/payouts',
    summary: 'Payouts to organisers across the platform, newest first; by payout reference or organiser name (payments.read)',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    query: adminPayoutsQuerySchema,
    response: adminPayoutPageSchema,
    handler: async ({ query, request }) => ({
      message: 'Payouts.',
      data: await listPayouts(db, await auth.require(request), query),
    }),
  });

  routes.add(app, {
    method: 'POST',
    url: '/admin/webhooks/:deliveryId/retry',
    summary: 'Apply a delivery that matched no payment again, as a redelivery would be (orders.refund)',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
    params: webhookParamsSchema,
    response: webhookRetrySchema,
    handler: async ({ params, request }) => ({
      message: 'The delivery was applied again.',
      data: await retryWebhook(orders, await auth.require(request), params.deliveryId, config.publicOrigin),
    }),
  });

  routes.add(app, {
    method: 'GET',
    url: '/admin/platform-fees',
    summary: 'Booking fees taken and given back in the last 30 days per currency, TEST orders left out (payments.read)',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    response: platformFeesSchema,
    handler: async ({ request }) => ({ message: 'Platform fees.', data: await platformFees(db, await auth.require(request)) }),
  });

  routes.add(app, {
    method: 'GET',
    url: '/admin/booking-fees',
    summary: 'The booking fee rules, the append-only history, latest start first; or one organiser’s fee plan (fees.manage)',
    tags,
    auth: 'required',
    errors: ['FORBIDDEN'],
    query: feeRuleListQuerySchema,
    response: feeRuleListSchema,
    handler: async ({ query, request }) => ({
      message: 'Booking fee rules.',
      data: { items: await listFeeRules(db, await auth.require(request), query) },
    }),
  });

  routes.add(app, {
    method: 'POST',
    url: '/admin/booking-fees',
    summary: 'Add a booking fee rule that starts later, with a reason (fees.manage, recent sign-in)',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'NOT_FOUND'],
    body: newFeeRuleSchema,
    response: feeRuleListSchema,
    statuses: ['CREATED'],
    handler: async ({ body, request }) => ({
      message: 'The rule is added.',
      data: { items: await addFeeRule(db, await auth.require(request), body) },
    }),
  });

  routes.add(app, {
    method: 'POST',
    url: '/admin/booking-fees/quote',
    summary: 'What a buyer pays and the organiser receives for a sample order, by the checkout’s fee function (fees.manage)',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'NOT_FOUND'],
    body: feeQuoteSchema,
    response: feeQuoteResultSchema,
    handler: async ({ body, request }) => ({ message: 'Quote.', data: await quoteFee(db, await auth.require(request), body) }),
  });
}
