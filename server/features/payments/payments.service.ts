import type { Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';
import { enqueueMail, outboxRow } from '../../lib/mail/outbox.ts';
import type { PaymentWebhookEvent } from '../../lib/payments/provider.ts';
import { issuePrepared, type PreparedIssue, prepareIssue } from '../orders/issue-tickets.ts';
import { chargeRows, recordCharge, recordRefund } from '../orders/ledger.ts';
import { endHold, presentOrders } from '../orders/order-lifecycle.ts';
import { refundMail } from '../orders/order-mail.ts';
import {
  holdingStatuses,
  itemsOf,
  lockOrder,
  type OrderRow,
  reserveTickets,
  setOrderStatus,
} from '../orders/orders.repository.ts';
import type { OrdersDeps } from '../orders/orders.service.ts';
import { runRefund } from '../orders/refund-execution.ts';
import { ticketRows } from '../orders/ticket-issue.ts';
import {
  type CheckoutContext,
  capturedPaymentContext,
  confirmOrder,
  confirmOrderAtOnce,
  eventStatusOf,
  findPaymentForEvent,
  lockOrderForEvent,
  lockTicketTypes,
  markPaymentSucceeded,
  paymentEventRow,
  recordPaymentEvent,
  seenPaymentEvent,
  setPaymentExpired,
} from './payments.repository.ts';

export type WebhookOutcome =
  | 'duplicate'
  | 'unknown_payment'
  | 'ignored'
  | 'paid'
  | 'paid_late'
  | 'refunded_late'
  | 'refunded_second_payment'
  | 'already_recorded'
  | 'failed'
  | 'expired';

const cancelledRefundReason = 'The event was cancelled; your payment was refunded in full.';
const lateRefundReason =
  'Your payment arrived after the hold on your tickets had lapsed and they had sold out; it was refunded in full.';

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
    const result = await applySuccess(trx, order, payment, event, prepared, origin, deps, cancelled);
    await trx
      .updateTable('payment_events')
      .set({ outcome: result.outcome })
      .where('provider', '=', provider.name)
      .where('provider_event_id', '=', event.id)
      .execute();
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

async function applySuccess(
  trx: Transaction<Database>,
  lockedOrder: OrderRow,
  payment: { id: string; status: string },
  event: PaymentWebhookEvent,
  prepared: PreparedIssue,
  origin: string,
  deps: OrdersDeps,
  eventCancelled: boolean,
): Promise<{ outcome: WebhookOutcome; refundId: string | null }> {
  let order = lockedOrder;
  // The same capture reported twice under different event ids (completed + async succeeded).
  if (!(await markPaymentSucceeded(trx, payment.id, event.paymentRef))) return { outcome: 'already_recorded', refundId: null };
  const items = await itemsOf(trx, [order.id]);
  const sorted = [...items].sort((a, b) => a.ticket_type_id.localeCompare(b.ticket_type_id));

  if (holdingStatuses.includes(order.status) && eventCancelled) {
    // Paid while the event was being cancelled: nothing to go to, so the money goes back.
    await endHold(trx, order, 'cancelled', 'The event was cancelled.');
    order = { ...order, status: 'cancelled' };
  }
  if (holdingStatuses.includes(order.status)) {
    // In time (even if the hold lapsed a moment ago and no sweeper has run yet, the stock is still held).
    await issuePrepared(trx, order, prepared);
    await recordCharge(trx, order, payment.id);
    await setOrderStatus(trx, order.id, { status: 'paid', paid_at: prepared.paidAt, failure_reason: null });
    return { outcome: 'paid', refundId: null };
  }

  if (order.status === 'expired' || order.status === 'cancelled') {
    // Late: honoured if every ticket is still there, judged under the ticket types' row locks.
    const types = await lockTicketTypes(
      trx,
      sorted.map((item) => item.ticket_type_id),
    );
    const enough = sorted.every((item) => {
      const type = types.find((candidate) => candidate.id === item.ticket_type_id);
      return type !== undefined && type.capacity - type.taken >= item.quantity;
    });
    if (enough && order.status === 'expired' && !eventCancelled) {
      for (const item of sorted) {
        if (!(await reserveTickets(trx, item.ticket_type_id, item.quantity))) throw new Error('stock vanished under lock');
      }
      await issuePrepared(trx, order, prepared);
      await recordCharge(trx, order, payment.id, 'Payment arrived after the hold lapsed; tickets were still available.');
      await setOrderStatus(trx, order.id, { status: 'paid', paid_at: prepared.paidAt, failure_reason: null });
      return { outcome: 'paid_late', refundId: null };
    }
    const refundId = await refundWholePayment(trx, order, payment.id, event, 'late');
    const reason = eventCancelled ? cancelledRefundReason : lateRefundReason;
    await setOrderStatus(trx, order.id, { status: 'refunded', refunded: order.total, failure_reason: reason });
    const [view] = await presentOrders(trx, [{ ...order, status: 'refunded' }], deps.imageUrl);
    const why = eventCancelled ? 'cancelled' : 'late';
    if (view) await enqueueMail(trx, refundMail(view, { amount: order.total, why, reason: '' }, origin));
    return { outcome: 'refunded_late', refundId };
  }

  // Already paid through another checkout: this second payment goes straight back.
  const refundId = await refundWholePayment(trx, order, payment.id, event, 'second');
  return { outcome: 'refunded_second_payment', refundId };
}

/** Books money in and straight back out: the charge and its full refund, both in the ledger. */
async function refundWholePayment(
  trx: Transaction<Database>,
  order: OrderRow,
  paymentId: string,
  event: PaymentWebhookEvent,
  why: 'late' | 'second',
): Promise<string> {
  const note = why === 'late' ? 'Late payment; the tickets had sold out.' : 'A second payment for an order already paid.';
  await recordCharge(trx, order, paymentId, note);
  const refund = await trx
    .insertInto('refunds')
    .values({
      order_id: order.id,
      amount: order.total,
      fee_amount: order.booking_fee,
      currency: order.currency,
      reason: note,
      ticket_ids: '[]',
      actor_id: null,
      idempotency_key: `payment:${paymentId}`,
      request_hash: '',
      provider: order.provider,
      payment_ref: event.paymentRef,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordRefund(trx, order, { id: refund.id, amount: order.total, feeAmount: order.booking_fee, note });
  return refund.id;
}
