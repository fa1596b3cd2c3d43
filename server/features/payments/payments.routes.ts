import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  type SandboxSession,
  sandboxPaymentResultSchema,
  sandboxPaymentSchema,
  sandboxSessionParamsSchema,
  sandboxSessionSchema,
} from '../../../src/contract/orders.ts';
import type { ApiContext } from '../../api-context.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { WebhookSignatureError } from '../../lib/payments/provider.ts';
import { rawBodyOf } from '../../lib/payments/raw-body.ts';
import {
  sandboxEventBody,
  sandboxOutcome,
  sandboxSignatureHeader,
  sandboxWebhookSecret,
  signSandboxWebhook,
} from '../../lib/payments/sandbox.ts';
import type { HeaderSpec, RawBodySpec } from '../../plugins/route-registry.ts';
import { orderAccessToken } from '../orders/order-lifecycle.ts';
import type { OrdersDeps } from '../orders/orders.service.ts';
import { type CheckoutContext, capturedPaymentContext } from './payments.repository.ts';
import { handlePaymentWebhook } from './payments.service.ts';

const tags = ['payments'];

const webhookParamsSchema = z.object({ provider: z.enum(['sandbox', 'stripe'], 'Unknown payment provider.') });
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

/** A card whose MM/YY has passed is declined, as a real bank would. */
function cardExpired(expiry: string, now = new Date()): boolean {
  const [month, year] = expiry.split('/').map((part) => Number(part.trim()));
  if (!month || year === undefined) return true;
  const endOfMonth = new Date(Date.UTC(2000 + year, month, 1));
  return endOfMonth <= now;
}

export function paymentsRoutes(app: FastifyInstance, { config, routes }: ApiContext, deps: OrdersDeps): void {
  const { db, provider } = deps;
  const sandboxSecret = sandboxWebhookSecret(config.jwtSecret);

  /**
   * A webhook as the provider sent it: the signature checked over the exact bytes, then applied. A bad
   * signature is a 400 that changes nothing. `request` is the one that brought it (or, from the sandbox,
   * the card form's): its log and origin are used.
   */
  async function receiveWebhook(
    request: FastifyRequest,
    raw: string,
    headers: Record<string, string | string[] | undefined>,
    known?: CheckoutContext,
  ) {
    let event: ReturnType<typeof provider.parseWebhook>;
    try {
      event = provider.parseWebhook(raw, headers);
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        request.log.warn({ reason: error.message }, 'webhook refused');
        throw new HttpError('BAD_REQUEST', 'The webhook signature is not valid.');
      }
      throw error;
    }
    return handlePaymentWebhook(deps, event, config.publicOrigin, known);
  }

  /**
   * A TEST MODE checkout as its page shows it, and the context its capture will need: the one this instance
   * kept when it placed the order (handed out once, to the payment, when `take`), else read.
   */
  async function sandboxSession(
    sessionId: string,
    options: { take: boolean },
  ): Promise<{ session: SandboxSession; context: CheckoutContext; query: URLSearchParams }> {
    if (provider.name !== 'sandbox') throw notFound('That payment session');
    const kept = options.take ? deps.checkouts.take(sessionId) : deps.checkouts.get(sessionId);
    const context = kept ?? (await capturedPaymentContext(db, 'sandbox', { sessionId }));
    const order = context?.order;
    if (!context?.session_id || !order || !context.event) throw notFound('That payment session');
    const holding = (order.status === 'pending' || order.status === 'failed') && order.hold_expires_at !== null;
    const live = holding && new Date(order.hold_expires_at as unknown as string) > new Date();
    const query = new URLSearchParams({ orderId: order.id, token: orderAccessToken(deps.secret, order.id) });
    const status = context.status === 'succeeded' ? 'complete' : context.status === 'open' && live ? 'open' : 'expired';
    const session: SandboxSession = {
      sessionId: context.session_id,
      orderId: order.id,
      reference: order.reference,
      eventTitle: context.event.title,
      amount: context.amount,
      currency: context.currency,
      status,
      expiresAt: new Date(context.expires_at).toISOString(),
      successUrl: `/payment-success?${query}`,
      cancelUrl: `/payment/order-error?${query}&reason=cancelled`,
    };
    return { session, context, query };
  }

  routes.add(app, {
    method: 'GET',
    url: '/payments/sandbox/:sessionId',
    summary: 'A TEST MODE checkout session: what the sandbox payment page shows',
    tags,
    auth: 'none',
    params: sandboxSessionParamsSchema,
    response: sandboxSessionSchema,
    handler: async ({ params }) => ({
      message: 'Payment session.',
      data: (await sandboxSession(params.sessionId, { take: false })).session,
    }),
  });

  routes.add(app, {
    method: 'POST',
    url: '/payments/sandbox/:sessionId',
    summary: 'Pay a TEST MODE session with a test card; the sandbox then sends its signed webhook',
    tags,
    auth: 'none',
    errors: ['CONFLICT', 'SERVICE_UNAVAILABLE'],
    params: sandboxSessionParamsSchema,
    body: sandboxPaymentSchema,
    response: sandboxPaymentResultSchema,
    handler: async ({ params, body, request }) => {
      const { session, context, query } = await sandboxSession(params.sessionId, { take: true });
      if (session.status === 'complete') throw new HttpError('CONFLICT', 'This order is already paid.');
      if (session.status === 'expired') {
        throw new HttpError('CONFLICT', 'This payment session has ended: the hold on the tickets lapsed.');
      }
      const outcome = cardExpired(body.expiry) ? 'declined' : sandboxOutcome(body.cardNumber);
      const payload = sandboxEventBody({
        sessionId: session.sessionId,
        orderId: session.orderId,
        amount: session.amount,
        currency: session.currency,
        outcome,
      });
      // Delivered as a provider delivers, signed, to what the webhook route runs: the same signature
      // check, idempotency and transaction; in process, so no instance needs its own public address.
      const signature = signSandboxWebhook(sandboxSecret, payload);
      try {
        await receiveWebhook(request, payload, { [sandboxSignatureHeader]: signature }, context);
      } catch (error) {
        request.log.error({ err: error }, 'sandbox webhook delivery failed');
        throw new HttpError('SERVICE_UNAVAILABLE', 'The payment could not be confirmed just now. Please try again.');
      }
      const redirectUrl =
        outcome === 'succeeded' ? `/payment-success?${query}` : `/payment/order-error?${query}&reason=${outcome}`;
      return {
        message: outcome === 'succeeded' ? 'Payment accepted.' : 'The payment was refused.',
        data: { outcome, redirectUrl },
      };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/payments/webhook/:provider',
    summary: 'Provider webhooks (signed); idempotent by event id; 400 and no change on a bad signature',
    tags,
    auth: 'none',
    headers: webhookSignatureHeaders,
    rawBody: webhookBody,
    params: webhookParamsSchema,
    response: webhookResultSchema,
    handler: async ({ params, request }) => {
      if (params.provider !== provider.name) throw notFound('That payment provider');
      const raw = rawBodyOf(request);
      if (raw === undefined) throw new HttpError('BAD_REQUEST', 'A webhook must be sent as JSON.');
      const outcome = await receiveWebhook(request, raw, request.headers);
      return { message: 'Received.', data: { received: true, outcome } };
    },
  });
}
