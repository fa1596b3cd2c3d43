import type { SandboxSession } from '../../../src/contract/orders.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import {
  sandboxEventBody,
  sandboxOutcome,
  sandboxSignatureHeader,
  sandboxWebhookSecret,
  signSandboxWebhook,
} from '../../lib/payments/sandbox.ts';
import { type CheckoutContext, capturedPaymentContext } from '../orders/checkout/order-payment.service.ts';
import { orderAccessToken } from '../orders/order-lifecycle.service.ts';
import type { OrdersDeps } from '../orders/orders.service.ts';
import { receivePaymentWebhook, type WebhookLog } from './payments.service.ts';

// The sandbox's own checkout page: what it shows, and paying on it with a test card.

/** A card whose MM/YY has passed is declined, as a real bank would. */
function cardExpired(expiry: string, now = new Date()): boolean {
  const [month, year] = expiry.split('/').map((part) => Number(part.trim()));
  if (!month || year === undefined) return true;
  const endOfMonth = new Date(Date.UTC(2000 + year, month, 1));
  return endOfMonth <= now;
}

/** The sandbox checkouts of one instance; the webhook secret is derived once. */
export function sandboxCheckouts(deps: OrdersDeps) {
  const { db, provider } = deps;
  const sandboxSecret = sandboxWebhookSecret(deps.secret);

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

  return {
    /** What the sandbox payment page shows. */
    async view(sessionId: string): Promise<SandboxSession> {
      return (await sandboxSession(sessionId, { take: false })).session;
    },

    /** Pays with a test card; the sandbox then delivers its signed webhook. */
    async pay(
      sessionId: string,
      card: { cardNumber: string; expiry: string },
      request: { origin: string; log: WebhookLog & { error(obj: object, msg?: string): void } },
    ) {
      const { session, context, query } = await sandboxSession(sessionId, { take: true });
      // Paid already: this is the buyer's retry of a payment whose answer was lost, answered as that payment was.
      if (session.status === 'complete') return { outcome: 'succeeded' as const, redirectUrl: `/payment-success?${query}` };
      if (session.status === 'expired') {
        throw new HttpError('CONFLICT', 'This payment session has ended: the hold on the tickets lapsed.');
      }
      const outcome = cardExpired(card.expiry) ? 'declined' : sandboxOutcome(card.cardNumber);
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
        await receivePaymentWebhook(deps, {
          raw: payload,
          headers: { [sandboxSignatureHeader]: signature },
          origin: request.origin,
          log: request.log,
          known: context,
        });
      } catch (error) {
        request.log.error({ err: error }, 'sandbox webhook delivery failed');
        throw new HttpError('SERVICE_UNAVAILABLE', 'The payment could not be confirmed just now. Please try again.');
      }
      const redirectUrl =
        outcome === 'succeeded' ? `/payment-success?${query}` : `/payment/order-error?${query}&reason=${outcome}`;
      return { outcome, redirectUrl };
    },
  };
}
export type SandboxCheckouts = ReturnType<typeof sandboxCheckouts>;
