import type { Transaction } from 'kysely';
import { unmatchedWebhookOutcome } from '../../../src/contract/admin-sales.ts';
import type { Database } from '../../db/types.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { outboxRow } from '../../lib/mail/outbox.ts';
import { type PaymentWebhookEvent, WebhookSignatureError } from '../../lib/payments/provider.ts';
import { readConnectedAccount } from '../../lib/payments/stripe-connect.ts';
import { type CheckoutContext, capturedPaymentContext } from '../orders/checkout.repository.ts';
import { chargeRows } from '../orders/ledger.repository.ts';
import { holdingStatuses, lockOrder, type OrderRow, setOrderStatus } from '../orders/orders.repository.ts';
import type { OrdersDeps } from '../orders/orders.service.ts';
import { runRefund } from '../orders/refund-execution.service.ts';
import { ticketRows } from '../orders/ticket-issue.repository.ts';
import { prepareIssue } from '../orders/ticket-issue.service.ts';
import { applyAccountState } from '../verification/stripe-onboarding.service.ts';
import { applyLateSuccess, type LateOutcome } from './late-payments.service.ts';
import {
  confirmOrder,
  confirmOrderAtOnce,
  eventStatusOf,
  findPaymentEvent,
  findPaymentForEvent,
  lockOrderForEvent,
  paymentEventRow,
  recordPaymentEvent,
  releaseUnmatchedEvent,
  seenPaymentEvent,
  setPaymentEventOutcome,
  setPaymentExpired,
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
  | LateOutcome;

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
  const record = (trx: Transaction<Database>, outcome: WebhookOutcome, orderId: string | null) =>
    recordPaymentEvent(trx, { provider: provider.name, event, orderId, outcome });

  if (!payment || event.type === 'ignored') {
    const outcome = payment ? 'ignored' : 'unknown_payment';
    const inserted = await db.transaction().execute((trx) => record(trx, outcome, payment?.order_id ?? null));
    return inserted ? outcome : 'duplicate';
  }

  if (event.type === 'failed' || event.type === 'expired') {
    return db.transaction().execute(async (trx) => {
      // The order is locked before anything that references it is written (see lockOrder).
      const order = await lockOrder(trx, payment.order_id);
      if (!(await record(trx, event.type as WebhookOutcome, payment.order_id))) return 'duplicate';
      if (event.type === 'expired') {
        await setPaymentExpired(trx, payment.id);
      } else if (order && holdingStatuses.includes(order.status)) {
        // The buyer may try again while the hold lasts; the checkout stays open.
        await setOrderStatus(trx, order.id, { status: 'failed', failure_reason: event.failureReason });
      }
      return event.type as WebhookOutcome;
    });
  }

  // Money was captured. Sign the tickets and write the mail first, outside the transaction.
  const context = captured ?? (await capturedPaymentContext(db, provider.name, { paymentId: payment.id }));
  if (!context?.order || !context.event) throw new Error(`payment ${payment.id} has no order or event`);
  const orderRow = reviveOrder(context.order);
  const eventRow = { ...context.event, starts_at: new Date(context.event.starts_at), ends_at: new Date(context.event.ends_at) };
  const prepared = await prepareIssue(db, {
    order: orderRow,
    items: context.items,
    event: eventRow,
    origin,
    imageUrl: deps.imageUrl,
    key: context.key,
  });

  // Most captures: the order still held. One statement confirms them, without a transaction's round trips.
  if (holdingStatuses.includes(orderRow.status) && eventRow.status !== 'cancelled') {
    const confirmed = await confirmOrderAtOnce(db, {
      provider: provider.name,
      paymentId: payment.id,
      paymentRef: event.paymentRef,
      orderId: orderRow.id,
      paidAt: prepared.paidAt,
      tickets: ticketRows(orderRow.id, orderRow.event_id, prepared.tickets),
      mail: outboxRow(prepared.mail),
      ledger: chargeRows(orderRow, payment.id),
      event: paymentEventRow(provider.name, event, orderRow.id, 'paid'),
      saleVersion: context.event.sale_version,
    });
    if (confirmed) return 'paid';
    // The context was kept since the order was placed (see `known`): read it again, in case it is what changed.
    if (context === known) return handlePaymentWebhook(deps, event, origin);
  }

  const { outcome, refundId } = await db.transaction().execute(async (trx) => {
    const locked = await lockOrderForEvent(trx, {
      orderId: payment.order_id,
      provider: provider.name,
      eventId: event.id,
      paymentId: payment.id,
    });
    if (!locked) throw new Error(`payment ${payment.id} has no order`);
    if (locked.seen) return { outcome: 'duplicate' as const, refundId: null };
    const { seen: _seen, payment_status: paymentStatus, ...order } = locked;
    // Read now, after the order's lock: the context may be older (kept since the order was placed).
    const cancelled = (await eventStatusOf(trx, order.event_id)) === 'cancelled';
    // In time: everything is written at once; the held tickets were taken from stock already.
    if (holdingStatuses.includes(order.status) && !cancelled) {
      if (paymentStatus === 'succeeded') {
        await record(trx, 'already_recorded', order.id);
        return { outcome: 'already_recorded' as const, refundId: null };
      }
      await confirmOrder(trx, {
        paymentId: payment.id,
        paymentRef: event.paymentRef,
        orderId: order.id,
        paidAt: prepared.paidAt,
        tickets: ticketRows(order.id, order.event_id, prepared.tickets),
        mail: outboxRow(prepared.mail),
        ledger: chargeRows(order, payment.id),
        event: paymentEventRow(provider.name, event, order.id, 'paid'),
      });
      return { outcome: 'paid' as const, refundId: null };
    }
    if (!(await record(trx, 'paid', payment.order_id))) return { outcome: 'duplicate' as const, refundId: null };
    const result = await applyLateSuccess(trx, order, payment, event, prepared, origin, deps, cancelled);
    await setPaymentEventOutcome(trx, provider.name, event.id, result.outcome);
    return result;
  });
  if (refundId) await runRefund(db, provider, refundId);
  return outcome;
}

/** An order row read back from JSON, its timestamps Dates again. */
function reviveOrder(json: NonNullable<Awaited<ReturnType<typeof capturedPaymentContext>>>['order']): OrderRow {
  const row = json as unknown as Record<string, unknown>;
  const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));
  return {
    ...(row as unknown as OrderRow),
    hold_expires_at: date(row.hold_expires_at),
    paid_at: date(row.paid_at),
    created_at: date(row.created_at) as Date,
    updated_at: date(row.updated_at) as Date,
  };
}
