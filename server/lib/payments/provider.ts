import type { CheckoutProvider } from '../../../src/contract/orders.ts';
/** What a payment provider does for Admit: open a checkout, read its webhooks, give money back. */
export interface PaymentProvider {
  readonly name: CheckoutProvider;
  /** True when opening a checkout involves no network I/O, so it can be done with the order's own transaction. */
  readonly opensCheckoutLocally: boolean;
  /** Opens a hosted checkout for an order. Network I/O: never call it inside a transaction. */
  createCheckout(input: CheckoutInput): Promise<CheckoutSession>;
  /** Verifies a webhook's signature over the exact bytes received; throws WebhookSignatureError. */
  parseWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): PaymentWebhookEvent;
  /** Reads again a delivery of this provider kept as it arrived (its `payload`, signature checked then). */
  readStoredEvent(payload: Record<string, unknown>): PaymentWebhookEvent;
  /** Returns money of a captured payment. `idempotencyKey` makes a retried refund a no-op at the provider. */
  refund(input: RefundInput): Promise<{ refundId: string }>;
}

export interface CheckoutLine {
  name: string;
  unitAmount: number;
  quantity: number;
}

export interface CheckoutInput {
  orderId: string;
  reference: string;
  buyerEmail: string;
  currency: string;
  lines: CheckoutLine[];
  bookingFee: number;
  total: number;
  /** When our hold on the tickets lapses. */
  holdExpiresAt: Date;
  successUrl: string;
  cancelUrl: string;
  /** The organisation's connected account, which receives the ticket money (Stripe Connect). */
  destinationAccount: string | null;
}

export interface CheckoutSession {
  sessionId: string;
  /** Where the buyer pays: absolute at Stripe, an Admit path for the sandbox. */
  checkoutUrl: string;
  expiresAt: Date;
}

export interface RefundInput {
  paymentRef: string;
  amount: number;
  /** The part of `amount` that is booking fee (the platform's application fee on a connected account). */
  feeAmount: number;
  currency: string;
  idempotencyKey: string;
}

/**
 * A webhook in Admit's terms. `succeeded` means money was captured, `failed` that an attempt was
 * refused (the buyer may try again), `expired` that the session closed unpaid; others are ignored.
 */
export interface PaymentWebhookEvent {
  id: string;
  type: 'succeeded' | 'failed' | 'expired' | 'ignored';
  providerType: string;
  sessionId: string | null;
  /** From the metadata Admit put on the session or payment, when the provider echoes it. */
  orderId: string | null;
  paymentRef: string | null;
  failureReason: string | null;
  payload: Record<string, unknown>;
}

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
  /** False when the provider refused the request itself: sending it again would be refused again. */
  readonly retryable: boolean;

  constructor(message: string, retryable = true) {
    super(message);
    this.retryable = retryable;
  }
}
