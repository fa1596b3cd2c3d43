import type { Transaction } from 'kysely';
import type { Database } from '../../../db/types.ts';
import { holdsType } from '../../../lib/capacity-quotas.ts';
import { enqueueMail } from '../../../lib/mail/outbox.ts';
import type { PaymentWebhookEvent } from '../../../lib/payments/provider.ts';
import { endHold, presentOrders } from '../order-lifecycle.service.ts';
import { holdingStatuses, itemsOf, lockQuotasOf, type OrderRow, reserveTickets, setOrderStatus } from '../orders.repository.ts';
import type { OrdersDeps } from '../orders.service.ts';
import { insertRefund } from '../refunds/refunds.repository.ts';
import { refundMail } from '../tickets/order-mail.ts';
import type { PreparedIssue } from '../tickets/ticket-issue.repository.ts';
import { issuePrepared } from '../tickets/ticket-issue.repository.ts';
import { recordCharge, recordRefund } from './ledger.repository.ts';
import { lockTicketTypes, markPaymentSucceeded } from './order-capture.repository.ts';

// A capture that did not find its order simply held: paid late, paid while the event was cancelled, or paid twice.

/** What a capture applied under the order's lock comes to. */
export type LateOutcome = 'paid' | 'paid_late' | 'refunded_late' | 'refunded_second_payment' | 'already_recorded';

const cancelledRefundReason = 'The event was cancelled; your payment was refunded in full.';
const lateRefundReason =
  'Your payment arrived after the hold on your tickets had lapsed and they had sold out; it was refunded in full.';

/**
 * Applies a capture under the order's lock when the order is no longer simply held: honoured if the tickets are
 * still there, else the money goes straight back.
 */
export async function applyLateSuccess(
  trx: Transaction<Database>,
  lockedOrder: OrderRow,
  payment: { id: string; status: string },
  event: PaymentWebhookEvent,
  prepared: PreparedIssue,
  origin: string,
  deps: OrdersDeps,
  eventCancelled: boolean,
): Promise<{ outcome: LateOutcome; refundId: string | null }> {
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
    // Late: honoured if every ticket is still there, of its type and of every quota it shares (decision 061), judged
    // under the quotas' and then the ticket types' row locks, the order every writer of stock keeps.
    const typeIds = sorted.map((item) => item.ticket_type_id);
    const quotas = await lockQuotasOf(trx, order.event_id, typeIds);
    const types = await lockTicketTypes(trx, typeIds);
    const enough =
      sorted.every((item) => {
        const type = types.find((candidate) => candidate.id === item.ticket_type_id);
        return type !== undefined && type.capacity - type.taken >= item.quantity;
      }) &&
      quotas.every(
        (quota) =>
          quota.capacity - quota.taken >=
          sorted.reduce((sum, item) => sum + (holdsType(quota, item.ticket_type_id) ? item.quantity : 0), 0),
      );
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
    if (view) await enqueueMail(trx, refundMail(view, { amount: order.total, why, by: 'admit', note: '' }, origin));
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
  const refundId = await insertRefund(trx, {
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
  });
  await recordRefund(trx, order, { id: refundId, amount: order.total, feeAmount: order.booking_fee, note });
  return refundId;
}
