import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  checkoutProviderSchema,
  sandboxPaymentResultSchema,
  sandboxPaymentSchema,
  sandboxSessionParamsSchema,
  sandboxSessionSchema,
} from '../../../src/contract/orders.ts';
import type { ApiContext } from '../../api-context.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { keepRawWebhookBodies, rawBodyOf } from '../../lib/payments/raw-body.ts';
import { sandboxSignatureHeader } from '../../lib/payments/sandbox.ts';
import type { HeaderSpec, RawBodySpec } from '../../plugins/route-registry.ts';
import type { OrdersDeps } from '../orders/orders.service.ts';
import { receivePaymentWebhook } from './payments.service.ts';
import { sandboxCheckouts } from './sandbox-checkout.service.ts';

const tags = ['payments'];

const webhookParamsSchema = z.object({ provider: z.enum(checkoutProviderSchema.options, 'Unknown payment provider.') });
const webhookResultSchema = z.object({ received: z.boolean(), outcome: z.string() });

/** Each provider signs the exact bytes of its webhook, in a header of its own. */
const webhookSignatureHeaders: HeaderSpec[] = [
  {
    name: 'Stripe-Signature',
    required: false,
    description: 'Stripe’s signature (`t=…,v1=…`) of a webhook sent to `/payments/webhook/stripe`.',
    schema: z.string(),
  },
  {
    name: sandboxSignatureHeader,
    required: false,
    description: 'The sandbox’s signature, in Stripe’s form, of a webhook sent to `/payments/webhook/sandbox`.',
    schema: z.string(),
  },
];

const webhookBody: RawBodySpec = {
  description: 'The provider’s event as it sent it, JSON whose exact bytes the signature covers.',
  content: { 'application/json': { schema: { type: 'object' } } },
};

/** The payment provider's webhook and the sandbox's checkout page; `orders` is what placing orders keeps. */
export function paymentsRoutes(app: FastifyInstance, { config, routes }: ApiContext, orders: OrdersDeps): void {
  keepRawWebhookBodies(app, (url) => url.includes('/payments/webhook/'));
  const sandbox = sandboxCheckouts(orders);

  routes.add(app, {
    method: 'GET',
    url: '/payments/sandbox/:sessionId',
    summary: 'A TEST MODE checkout session: what the sandbox payment page shows',
    tags,
    auth: 'none',
    params: sandboxSessionParamsSchema,
    response: sandboxSessionSchema,
    handler: async ({ params }) => ({ message: 'Payment session.', data: await sandbox.view(params.sessionId) }),
  });

  routes.add(app, {
    method: 'POST',
    url: '/payments/sandbox/:sessionId',
    summary: 'Pay a TEST MODE session with a test card; the sandbox then sends its signed webhook',
    tags,
    auth: 'none',
    whileActing: 'refused',
    errors: ['CONFLICT', 'SERVICE_UNAVAILABLE'],
    params: sandboxSessionParamsSchema,
    body: sandboxPaymentSchema,
    response: sandboxPaymentResultSchema,
    handler: async ({ params, body, request }) => {
      const result = await sandbox.pay(params.sessionId, body, { origin: config.publicOrigin, log: request.log });
      return { message: result.outcome === 'succeeded' ? 'Payment accepted.' : 'The payment was refused.', data: result };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/payments/webhook/:provider',
    summary: 'Provider webhooks (signed); idempotent by event id; 400 and no change on a bad signature',
    tags,
    auth: 'none',
    whileActing: 'refused',
    headers: webhookSignatureHeaders,
    rawBody: webhookBody,
    params: webhookParamsSchema,
    response: webhookResultSchema,
    handler: async ({ params, request }) => {
      if (params.provider !== orders.provider.name) throw notFound('That payment provider');
      const raw = rawBodyOf(request);
      if (raw === undefined) throw new HttpError('BAD_REQUEST', 'A webhook must be sent as JSON.');
      const outcome = await receivePaymentWebhook(orders, {
        raw,
        headers: request.headers,
        origin: config.publicOrigin,
        log: request.log,
      });
      return { message: 'Received.', data: { received: true, outcome } };
    },
  });
}
