import { createHmac, randomUUID } from 'node:crypto';
import type { SandboxOutcome } from '../../../src/contract/orders.ts';
import type { CheckoutInput, CheckoutSession, PaymentProvider, PaymentWebhookEvent } from './provider.ts';
import { WebhookSignatureError } from './provider.ts';
import { signWebhook, verifyWebhook } from './webhook-signature.ts';

export const sandboxSignatureHeader = 'admit-signature';

/** Stripe's test cards, so people who know them feel at home; anything else is declined. */
const testCards: Record<string, SandboxOutcome> = {
  '4242424242424242': 'succeeded',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
};

export function sandboxOutcome(cardNumber: string): SandboxOutcome {
  return testCards[cardNumber.replace(/[\s-]/g, '')] ?? 'declined';
}

export const sandboxFailureReasons: Record<Exclude<SandboxOutcome, 'succeeded'>, string> = {
  declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
};

/** Derived from the server's secret so every instance signs and checks with the same key, with nothing to configure. */
export function sandboxWebhookSecret(serverSecret: string): string {
  return createHmac('sha256', serverSecret).update('admit-sandbox-webhook').digest('base64url');
}

/** An id in the form of Stripe's test ids: the prefix, then 32 random hex digits. */
const randomId = (prefix: string) => `${prefix}${randomUUID().replaceAll('-', '')}`;

/** The body of a webhook the sandbox sends, shaped like Stripe's events so one handler reads both. */
export function sandboxEventBody(input: {
  sessionId: string;
  orderId: string;
  amount: number;
  currency: string;
  outcome: SandboxOutcome;
}): string {
  const paymentRef = randomId('pi_test_');
  const object =
    input.outcome === 'succeeded'
      ? {
          object: 'checkout.session',
          id: input.sessionId,
          payment_intent: paymentRef,
          payment_status: 'paid',
          amount_total: input.amount,
          currency: input.currency.toLowerCase(),
          metadata: { orderId: input.orderId },
        }
      : {
          object: 'payment_intent',
          id: paymentRef,
          amount: input.amount,
          currency: input.currency.toLowerCase(),
          metadata: { orderId: input.orderId, sessionId: input.sessionId },
          last_payment_error: { code: input.outcome === 'declined' ? 'card_declined' : 'insufficient_funds' },
        };
  return JSON.stringify({
    id: randomId('evt_test_'),
    object: 'event',
    type: input.outcome === 'succeeded' ? 'checkout.session.completed' : 'payment_intent.payment_failed',
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
}

type StripeLikeEvent = { id?: unknown; type?: unknown; data?: { object?: Record<string, unknown> } };

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** Reads a Stripe-shaped event (the sandbox's, or Stripe's own) into Admit's terms. */
export function readStripeLikeEvent(event: StripeLikeEvent): PaymentWebhookEvent {
  const id = text(event.id);
  const providerType = text(event.type);
  const object = event.data?.object;
  if (!id || !providerType || !object) throw new WebhookSignatureError('The event is not in the expected form.');
  const metadata = (object.metadata ?? {}) as Record<string, unknown>;
  const isSession = object.object === 'checkout.session';
  const base = {
    id,
    providerType,
    sessionId: isSession ? text(object.id) : text(metadata.sessionId),
    orderId: text(metadata.orderId) ?? (isSession ? text(object.client_reference_id) : null),
    paymentRef: isSession ? text(object.payment_intent) : text(object.id),
    failureReason: null,
    payload: event as Record<string, unknown>,
  };
  switch (providerType) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      // A completed session with a delayed method is not paid yet; its async_payment_succeeded follows.
      return { ...base, type: object.payment_status === 'paid' ? 'succeeded' : 'ignored' };
    case 'checkout.session.async_payment_failed':
      return { ...base, type: 'failed', failureReason: 'The payment did not go through.' };
    case 'payment_intent.payment_failed': {
      const error = (object.last_payment_error ?? {}) as Record<string, unknown>;
      const code = text(error.decline_code) ?? text(error.code);
      const reason = code === 'insufficient_funds' ? sandboxFailureReasons.insufficient_funds : sandboxFailureReasons.declined;
      return { ...base, type: 'failed', failureReason: reason };
    }
    case 'checkout.session.expired':
      return { ...base, type: 'expired' };
    default:
      return { ...base, type: 'ignored' };
  }
}

/** The TEST MODE provider: Admit hosts the payment page and signs its own webhooks. */
export function createSandboxProvider(serverSecret: string): PaymentProvider & { secret: string } {
  const secret = sandboxWebhookSecret(serverSecret);
  return {
    name: 'sandbox',
    opensCheckoutLocally: true,
    secret,
    async createCheckout(input: CheckoutInput): Promise<CheckoutSession> {
      const sessionId = randomId('cs_test_');
      return { sessionId, checkoutUrl: `/pay/sandbox/${sessionId}`, expiresAt: input.holdExpiresAt };
    },
    parseWebhook(rawBody, headers) {
      const header = headers[sandboxSignatureHeader];
      verifyWebhook(secret, rawBody, Array.isArray(header) ? header[0] : header);
      let event: StripeLikeEvent;
      try {
        event = JSON.parse(rawBody) as StripeLikeEvent;
      } catch {
        throw new WebhookSignatureError('The body is not JSON.');
      }
      return readStripeLikeEvent(event);
    },
    readStoredEvent: (payload) => readStripeLikeEvent(payload as unknown as StripeLikeEvent),
    async refund() {
      return { refundId: randomId('re_test_') };
    },
  };
}

export { signWebhook as signSandboxWebhook };
