import type { Transaction } from 'kysely';
import { unmatchedWebhookOutcome } from '../../../src/contract/admin-sales.ts';
import type { Database } from '../../db/types.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { type PaymentWebhookEvent, WebhookSignatureError } from '../../lib/payments/provider.ts';
import { readConnectedAccount } from '../../lib/payments/stripe-connect.ts';
import {
  type CaptureOutcome,
  type CheckoutContext,
  capturedPaymentContext,
  type ProviderEventRecord,
  paymentFailed,
  paymentSucceeded,
} from '../orders/checkout/order-payment.service.ts';
import type { OrdersDeps } from '../orders/orders.service.ts';
import { runRefund } from '../orders/refunds/refund-execution.service.ts';
import { applyAccountState } from '../verification/stripe-onboarding.service.ts';
import {
  findPaymentEvent,
  findPaymentForEvent,
  paymentEventRow,
  recordPaymentEvent,
  releaseUnmatchedEvent,
  seenPaymentEvent,
  setPaymentEventOutcome,
} from './payments.repository.ts';

export type WebhookOutcome =
  | 'duplicate'
  | 'unknown_payment'
  | 'ignored'
  | 'failed'
  | 'expired'
  | 'account_updated'
  | 'stale'
  | 'unknown_account'
  | CaptureOutcome;

export interface WebhookLog {
  warn(obj: object, msg?: string): void;
}

/**
 * A webhook as the provider sent it: the signature checked over the exact bytes, then applied. A bad
 * signature is a 400 that changes nothing. `log` and `origin` are the request's that brought it (or, from
 * the sandbox, the card form's).
 */
export async function receivePaymentWebhook(
  deps: OrdersDeps,
  input: {
    raw: string;
    headers: Record<string, string | string[] | undefined>;
    origin: string;
    log: WebhookLog;
    known?: CheckoutContext;
  },
): Promise<WebhookOutcome> {
  let event: PaymentWebhookEvent;
  try {
    event = deps.provider.parseWebhook(input.raw, input.headers);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      input.log.warn({ reason: error.message }, 'webhook refused');
      throw new HttpError('BAD_REQUEST', 'The webhook signature is not valid.');
    }
    throw error;
  }
  if (event.providerType === 'account.updated') return accountUpdated(deps, event, input.origin);
  const outcome = await handlePaymentWebhook(deps, event, input.origin, input.known);
  // A redelivery of an event that matched no payment when it first came is applied again, not dropped as seen.
  if (outcome !== 'duplicate') return outcome;
  const released = await releaseUnmatchedEvent(deps.db, { provider: deps.provider.name, eventId: event.id });
  return released ? handlePaymentWebhook(deps, event, input.origin) : outcome;
}

/**
 * Applies again a kept delivery that matched no payment (an administrator's retry), as the provider's redelivery
 * would be: its claim is given up in one statement, so of two retries at once one applies it and the other is told
 * it is no longer failed; applying is idempotent by the provider's event id either way.
 */
export async function retryUnmatchedDelivery(deps: OrdersDeps, deliveryId: string, origin: string): Promise<WebhookOutcome> {
  const kept = await findPaymentEvent(deps.db, deliveryId);
  if (!kept) throw notFound('That webhook delivery');
  if (kept.provider !== deps.provider.name) {
    throw new HttpError(
      'CONFLICT',
      `That delivery came from ${kept.provider}, which this deployment no longer takes payments with.`,
    );
  }
  const released =
    kept.outcome === unmatchedWebhookOutcome ? await releaseUnmatchedEvent(deps.db, { id: deliveryId }) : undefined;
  if (!released) throw new HttpError('CONFLICT', 'That delivery is no longer failed: it has been applied again already.');
  return handlePaymentWebhook(deps, deps.provider.readStoredEvent(released.payload), origin);
}

/**
 * Stripe's `account.updated`: a connected account's verification and payouts changed. Idempotent by event id
 * (its row is written in the transaction that applies it), and an event older than the state kept is not applied.
 */
async function accountUpdated(deps: OrdersDeps, event: PaymentWebhookEvent, origin: string): Promise<WebhookOutcome> {
  const data = (event.payload.data ?? {}) as { object?: Record<string, unknown> };
  const account = readConnectedAccount(data.object ?? {});
  const created = typeof event.payload.created === 'number' ? new Date(event.payload.created * 1000) : new Date();
  return deps.db.transaction().execute(async (trx) => {
    const provider = deps.provider.name;
    if (!(await recordPaymentEvent(trx, { provider, event, orderId: null, outcome: 'account_updated' }))) return 'duplicate';
    const applied = await applyAccountState(trx, origin, account, created);
    if (applied !== 'applied') await setPaymentEventOutcome(trx, provider, event.id, applied);
    return applied === 'applied' ? 'account_updated' : applied;
  });
}

/**
 * Applies one provider webhook. Idempotent by the provider's event id (the unique row is written in
 * the same transaction as the change), and correct in any order of arrival: each change is guarded
 * by the order's and the payment's current state, under the order's row lock. `known` is the
 * checkout's context when the caller has just read it (the sandbox, to show its page); like any read
 * here, it is only a starting point that every write checks again.
 */
export async function handlePaymentWebhook(
  deps: OrdersDeps,
  event: PaymentWebhookEvent,
  origin: string,
  known?: CheckoutContext,
): Promise<WebhookOutcome> {
  const { db, provider } = deps;
  // A capture is checked under the order's lock instead: one round trip fewer on the busiest path.
  if (event.type !== 'succeeded' && (await seenPaymentEvent(db, provider.name, event.id))) return 'duplicate';
  // A capture names its checkout session: the payment and everything about its order come in one query.
  const captured =
    event.type === 'succeeded' && event.sessionId
      ? known?.session_id === event.sessionId
        ? known
        : await capturedPaymentContext(db, provider.name, { sessionId: event.sessionId })
      : undefined;
  const payment = captured ?? (await findPaymentForEvent(db, provider.name, event));
  const record: ProviderEventRecord = {
    claim: (trx: Transaction<Database>, outcome: string, orderId: string | null) =>
      recordPaymentEvent(trx, { provider: provider.name, event, orderId, outcome }),
    settle: (trx: Transaction<Database>, outcome: string) => setPaymentEventOutcome(trx, provider.name, event.id, outcome),
    paidRow: (orderId: string) => paymentEventRow(provider.name, event, orderId, 'paid'),
  };

  if (!payment || event.type === 'ignored') {
    const outcome = payment ? 'ignored' : 'unknown_payment';
    const inserted = await db.transaction().execute((trx) => record.claim(trx, outcome, payment?.order_id ?? null));
    return inserted ? outcome : 'duplicate';
  }

  if (event.type === 'failed' || event.type === 'expired') {
    return paymentFailed(db, payment, { ...event, type: event.type }, record);
  }

  // Money was captured: orders issues the tickets, books the money and pays the order, or applies the late rules.
  const result = await paymentSucceeded(deps, { payment, event, origin, captured, known }, record);
  // The context kept since the order was placed may be what changed: read everything again.
  if (!result) return handlePaymentWebhook(deps, event, origin);
  if (result.refundId) await runRefund(db, provider, result.refundId);
  return result.outcome;
}
