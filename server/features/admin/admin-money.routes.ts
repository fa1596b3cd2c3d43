import type { FastifyInstance } from 'fastify';
import {
  adminPaymentPageSchema,
  adminPaymentsQuerySchema,
  adminPayoutPageSchema,
  adminPayoutsQuerySchema,
  adminRefundPageSchema,
  adminRefundsQuerySchema,
  adminWebhookPageSchema,
  adminWebhooksQuerySchema,
  platformFeesSchema,
  webhookParamsSchema,
  webhookRetrySchema,
} from '../../../src/contract/admin-sales.ts';
import type { ApiContext } from '../../api-context.ts';
import type { OrdersDeps } from '../orders/orders.service.ts';
import { listPayments, listPayouts, listRefunds, listWebhooks, platformFees, retryWebhook } from './admin-money.service.ts';

const tags = ['admin'];

/** The admin console's money: payments, refunds, webhook deliveries (and applying one again), payouts, platform fees. */
export function adminMoneyRoutes(app: FastifyInstance, { config, db, routes, auth }: ApiContext, orders: OrdersDeps): void {
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
}
