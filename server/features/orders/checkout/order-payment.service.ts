import type { Insertable, Transaction } from 'kysely';
import type { CheckoutProvider } from '../../../../src/contract/orders.ts';
import type { Db, Executor } from '../../../db/database.ts';
import type { Database } from '../../../db/types.ts';
import { outboxRow } from '../../../lib/mail/outbox.ts';
import type { PaymentWebhookEvent } from '../../../lib/payments/provider.ts';
import { holdingStatuses, lockOrder, type OrderRow, setOrderStatus } from '../orders.repository.ts';
import type { OrdersDeps } from '../orders.service.ts';
import { ticketRows } from '../tickets/ticket-issue.repository.ts';
import { prepareIssue } from '../tickets/ticket-issue.service.ts';
import { capturedPaymentContext as readCheckoutContext } from './checkout.repository.ts';
import { applyLateSuccess, type LateOutcome } from './late-payments.service.ts';
import { chargeRows } from './ledger.repository.ts';
import {
  confirmOrder,
  confirmOrderAtOnce,
  eventStatusOf,
  lockOrderForEvent,
  setPaymentExpired,
} from './order-capture.repository.ts';

// What a provider's event about an order's payment does to the order (decision 058). Payments learns of the event
// and keeps its record (the `payment_events` row that makes a redelivery change nothing); it hands that record's
// writes to these services as `ProviderEventRecord`, so the claim is written in the same transaction, or the same
// statement, as the change to the order.

/**
 * A checkout with everything confirming its order needs, read in one round trip: the checkout (by session or payment
 * id), its order, items, event and the event's signing key; undefined when there is none. Payments reads it when a
 * provider's event arrives, and hands it back to `paymentSucceeded`.
 */
export function capturedPaymentContext(
  db: Executor,
  provider: CheckoutProvider,
  by: { sessionId: string } | { paymentId: string },
) {
  return readCheckoutContext(db, provider, by);
}
/** A checkout as `capturedPaymentContext` reads it. Timestamps in JSON are strings. */
export type CheckoutContext = NonNullable<Awaited<ReturnType<typeof capturedPaymentContext>>>;

/** How payments records the provider event being applied, in orders' transaction. */
export interface ProviderEventRecord {
  /** Writes the event's row with what it came to; false when it was there already (a redelivery). */
  claim(trx: Transaction<Database>, outcome: string, orderId: string | null): Promise<boolean>;
  /** Sets what the event came to, once known (its row was written first, to claim it). */
  settle(trx: Transaction<Database>, outcome: string): Promise<void>;
  /** The event's row as a capture that pays its order writes it. */
  paidRow(orderId: string): Insertable<Database['payment_events']>;
}

/** The checkout a provider event is about. */
export interface EventPayment {
  id: string;
  order_id: string;
  status: string;
}

export type CaptureOutcome = 'duplicate' | LateOutcome;

/**
 * The provider reports a payment failed or its checkout expired: under the order's lock, a failure lets the buyer
 * try again while the hold lasts (the order is marked failed), an expiry closes the checkout.
 */
export function paymentFailed(
  db: Db,
  payment: EventPayment,
  event: PaymentWebhookEvent & { type: 'failed' | 'expired' },
  record: ProviderEventRecord,
): Promise<'duplicate' | 'failed' | 'expired'> {
  return db.transaction().execute(async (trx) => {
    // The order is locked before anything that references it is written (see lockOrder).
    const order = await lockOrder(trx, payment.order_id);
    if (!(await record.claim(trx, event.type, payment.order_id))) return 'duplicate';
    if (event.type === 'expired') {
      await setPaymentExpired(trx, payment.id);
    } else if (order && holdingStatuses.includes(order.status)) {
      // The buyer may try again while the hold lasts; the checkout stays open.
      await setOrderStatus(trx, order.id, { status: 'failed', failure_reason: event.failureReason });
    }
    return event.type;
  });
}

/**
 * The provider reports money captured for an order: its tickets are issued, the money booked and the order paid,
 * or, when the order is no longer simply held, the late rules apply (see applyLateSuccess). `captured` is the
 * checkout's context when the caller has read it, `known` when it was kept since the order was placed. Null when
 * that kept context may be what changed: the caller reads everything again and calls once more. `refundId` names
 * a refund to carry out at the provider, after the transaction.
 */
export async function paymentSucceeded(
  deps: OrdersDeps,
  input: {
    payment: EventPayment;
    event: PaymentWebhookEvent;
    origin: string;
    captured?: CheckoutContext;
    known?: CheckoutContext;
  },
  record: ProviderEventRecord,
): Promise<{ outcome: CaptureOutcome; refundId: string | null } | null> {
  const { db, provider } = deps;
  const { payment, event, origin, captured, known } = input;
  // Sign the tickets and write the mail first, outside the transaction.
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
    secret: deps.secret,
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
      event: record.paidRow(orderRow.id),
      saleVersion: context.event.sale_version,
    });
    if (confirmed) return { outcome: 'paid', refundId: null };
    // The context was kept since the order was placed: it is to be read again, in case it is what changed.
    if (context === known) return null;
  }

  return db.transaction().execute(async (trx) => {
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
        await record.claim(trx, 'already_recorded', order.id);
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
        event: record.paidRow(order.id),
      });
      return { outcome: 'paid' as const, refundId: null };
    }
    if (!(await record.claim(trx, 'paid', payment.order_id))) return { outcome: 'duplicate' as const, refundId: null };
    const result = await applyLateSuccess(trx, order, payment, event, prepared, origin, deps, cancelled);
    await record.settle(trx, result.outcome);
    return result;
  });
}

/** An order row read back from JSON, its timestamps Dates again. */
function reviveOrder(json: NonNullable<CheckoutContext['order']>): OrderRow {
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
