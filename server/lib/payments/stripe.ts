import type Stripe from 'stripe';
import {
  type CheckoutInput,
  type CheckoutSession,
  type PaymentProvider,
  PaymentProviderError,
  WebhookSignatureError,
} from './provider.ts';
import { readStripeLikeEvent } from './sandbox.ts';
import { stripeSdk } from './stripe-sdk.ts';
import { webhookToleranceSeconds } from './webhook-signature.ts';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API address (a local test peer); Stripe's own when absent. */
  apiUrl?: string | undefined;
}

/** Stripe refuses a Checkout Session that expires sooner than 30 minutes; our hold may be shorter. */
const minimumSessionSeconds = 31 * 60;

function clientOptions(apiUrl: string | undefined) {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? ('http' as const) : ('https' as const);
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof stripeSdk().errors.StripeError) {
      // Stripe keeps the answer to a refused request under its idempotency key: only outages are worth retrying.
      const status = error.statusCode ?? 0;
      const retryable =
        error instanceof stripeSdk().errors.StripeConnectionError ||
        status === 0 ||
        status === 409 ||
        status === 429 ||
        status >= 500;
      throw new PaymentProviderError(`Stripe: ${error.message}`, retryable);
    }
    throw error;
  }
}

/** Stripe Checkout: the booking fee is the platform's application fee when the organisation has a connected account. */
export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const stripe = new (stripeSdk())(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...clientOptions(options.apiUrl),
  });
  return {
    name: 'stripe',
    opensCheckoutLocally: false,
    async createCheckout(input: CheckoutInput): Promise<CheckoutSession> {
      const currency = input.currency.toLowerCase();
      const expiresAt = Math.max(
        Math.floor(input.holdExpiresAt.getTime() / 1000),
        Math.floor(Date.now() / 1000) + minimumSessionSeconds,
      );
      const lineItems = input.lines.map((line) => ({
        price_data: { currency, unit_amount: line.unitAmount, product_data: { name: line.name } },
        quantity: line.quantity,
      }));
      if (input.bookingFee > 0) {
        lineItems.push({
          price_data: { currency, unit_amount: input.bookingFee, product_data: { name: 'Booking fee' } },
          quantity: 1,
        });
      }
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: lineItems,
            customer_email: input.buyerEmail,
            client_reference_id: input.orderId,
            metadata: { orderId: input.orderId, reference: input.reference },
            payment_intent_data: {
              metadata: { orderId: input.orderId },
              ...(input.destinationAccount
                ? { application_fee_amount: input.bookingFee, transfer_data: { destination: input.destinationAccount } }
                : {}),
            },
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            expires_at: expiresAt,
          },
          // A retried create for the same order gets the same session back.
          { idempotencyKey: `admit-checkout-${input.orderId}` },
        ),
      );
      if (!session.url) throw new PaymentProviderError('Stripe returned a session without a URL.');
      return { sessionId: session.id, checkoutUrl: session.url, expiresAt: new Date(expiresAt * 1000) };
    },
    parseWebhook(rawBody, headers) {
      const header = headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          (Array.isArray(header) ? header[0] : header) ?? '',
          options.webhookSecret,
          webhookToleranceSeconds,
        );
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'The signature does not match.');
      }
      return readStripeLikeEvent(event as unknown as Parameters<typeof readStripeLikeEvent>[0]);
    },
    readStoredEvent: (payload) => readStripeLikeEvent(payload as unknown as Parameters<typeof readStripeLikeEvent>[0]),
    async refund(input) {
      // Paid to an organiser's connected account (a destination charge), the money went on to them:
      // the refund takes the transfer back, and returns the platform's fee when the fee is refunded too.
      // The payment itself says so, whatever the organisation's account is now.
      const intent = await call(() => stripe.paymentIntents.retrieve(input.paymentRef));
      const connected = Boolean(intent.transfer_data?.destination);
      const refund = await call(() =>
        stripe.refunds.create(
          {
            payment_intent: input.paymentRef,
            amount: input.amount,
            ...(connected ? { reverse_transfer: true, refund_application_fee: input.feeAmount > 0 } : {}),
          },
          { idempotencyKey: `admit-refund-${input.idempotencyKey}` },
        ),
      );
      return { refundId: refund.id };
    },
  };
}
