import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { RefundRequest } from '../../../../src/contract/orders.ts';
import type { Db, Executor } from '../../../db/database.ts';
import type { Database } from '../../../db/types.ts';
import { recordAudit } from '../../../lib/audit-log.ts';
import { HttpError, notFound } from '../../../lib/http-error.ts';
import { enqueueMail } from '../../../lib/mail/outbox.ts';
import type { PaymentProvider } from '../../../lib/payments/provider.ts';
import { recordRefund } from '../checkout/ledger.repository.ts';
import { endHold, presentOrders } from '../order-lifecycle.service.ts';
import { holdingStatuses, lockOrder, type OrderRow, releaseStock, setOrderStatus } from '../orders.repository.ts';
import { refundMail } from '../tickets/order-mail.ts';
import { voidTickets } from '../tickets/ticket-issue.repository.ts';
import { runRefund } from './refund-execution.service.ts';
import { closeSettledRequests } from './refund-requests.repository.ts';
import {
  capturedPaymentRef,
  insertRefund,
  markTicketsRefunded,
  orderIdsOfEvent,
  refundByKey,
  unrefundedTicketsOf,
} from './refunds.repository.ts';

export type RefundWhy = 'refund' | 'cancelled' | 'buyer_cancelled';

const voidReasons: Record<RefundWhy, string> = {
  refund: 'refunded',
  cancelled: 'event cancelled',
  buyer_cancelled: 'cancelled by the buyer',
};
const auditActions: Record<RefundWhy, string> = {
  refund: 'order.refunded',
  cancelled: 'order.refunded_event_cancelled',
  buyer_cancelled: 'order.cancelled_by_buyer',
};
const defaultNotes: Record<RefundWhy, string> = {
  refund: 'Refunded by the organiser.',
  cancelled: 'The event was cancelled.',
  buyer_cancelled: 'Cancelled by the buyer within the refund policy.',
};

export interface RefundDecision {
  refundId: string | null;
  amount: number;
}

const refundableStatuses = ['paid', 'partially_refunded'];

/**
 * The tickets a refund of this order can still cover, in the order's ticket order: the valid ones and those an
 * administrator voided without their money going back. None when the order cannot be refunded.
 */
export async function refundableTicketIds(db: Executor, order: { id: string; status: string }): Promise<string[]> {
  if (!refundableStatuses.includes(order.status)) return [];
  return (await unrefundedTicketsOf(db, order.id)).map((ticket) => ticket.id);
}

/** Who gives the money back: the event's organiser, or Admit (an administrator). The buyer's mail says which. */
export type RefundedBy = 'organiser' | 'admit';

/** A refund as asked for: `buyerNote` is what the buyer's mail quotes (none: nothing is quoted). */
export type RefundAsked = RefundRequest & { buyerNote: string };

export const refundRequestHash = (input: RefundAsked) =>
  createHash('sha256')
    .update(
      JSON.stringify({
        ticketIds: [...(input.ticketIds ?? [])].sort(),
        reason: input.reason,
        // Only a note of its own, so refunds decided before the buyer's note was asked for keep their hash.
        ...(input.buyerNote && input.buyerNote !== input.reason ? { buyerNote: input.buyerNote } : {}),
      }),
    )
    .digest('hex');

/**
 * Decides a refund inside the caller's transaction (order row locked): voids and revokes the
 * tickets, returns them to sale, writes the ledger and the refund to carry out, and mails the buyer.
 * The money moves at the provider afterwards (runRefund), never inside the transaction.
 * A ticket an administrator voided is refundable too (the void moved no money); a refunded one never again.
 */
export async function decideRefund(
  trx: Transaction<Database>,
  order: OrderRow,
  input: {
    ticketIds: string[] | null;
    reason: string;
    /** What the buyer's mail quotes; the reason itself stays in the order's history. */
    buyerNote: string;
    by: RefundedBy;
    actorId: string | null;
    idempotencyKey: string;
    requestHash: string;
    /** refund: by the organiser or Admit; cancelled: the event was; buyer_cancelled: the buyer, within the policy. */
    why: RefundWhy;
    origin: string;
    /** What the policy's cancellation fee keeps of the tickets' price (decision 068); 0 unless the buyer cancels. */
    kept?: number;
  },
): Promise<RefundDecision> {
  if (!refundableStatuses.includes(order.status)) throw new HttpError('CONFLICT', 'Only a paid order can be refunded.');
  const unrefunded = await unrefundedTicketsOf(trx, order.id);
  const chosen = input.ticketIds ? unrefunded.filter((ticket) => input.ticketIds?.includes(ticket.id)) : unrefunded;
  if (input.ticketIds && chosen.length !== new Set(input.ticketIds).size) {
    const message = 'Some of these tickets cannot be refunded (already refunded, or another order’s).';
    throw new HttpError('CONFLICT', message, [{ path: 'body.ticketIds', message }]);
  }
  if (chosen.length === 0) throw new HttpError('CONFLICT', 'This order has no tickets left to refund.');

  const kept = input.kept ?? 0;
  const prices = chosen.reduce((sum, ticket) => sum + ticket.unit_price, 0);
  if (kept < 0 || kept > prices) throw new Error(`a cancellation fee of ${kept} exceeds the tickets' price ${prices}`);
  const feeAmount = chosen.reduce((sum, ticket) => sum + ticket.unit_fee, 0);
  const amount = prices + feeAmount - kept;
  // What is left to give back can never be exceeded, whatever the arithmetic above says.
  if (amount > order.total - order.refunded) throw new Error(`refund of ${amount} exceeds what is left on order ${order.id}`);
  const note = input.reason || defaultNotes[input.why];

  let refundId: string | null = null;
  if (amount > 0) {
    refundId = await insertRefund(trx, {
      order_id: order.id,
      amount,
      fee_amount: feeAmount,
      currency: order.currency,
      reason: note,
      ticket_ids: JSON.stringify(chosen.map((ticket) => ticket.id)),
      actor_id: input.actorId,
      idempotency_key: input.idempotencyKey,
      request_hash: input.requestHash,
      provider: order.provider,
      payment_ref: await capturedPaymentRef(trx, order.id),
    });
    await recordRefund(trx, order, { id: refundId, amount, feeAmount, note });
  }

  const chosenIds = chosen.map((ticket) => ticket.id);
  // Tickets an administrator voided already are left as they are (voided, revoked with the void's reason).
  await voidTickets(trx, order.event_id, chosenIds, voidReasons[input.why]);
  const marked = await markTicketsRefunded(trx, chosenIds);
  // The order's lock makes this impossible; should it happen, the transaction fails and nothing of the refund is kept.
  if (marked !== chosen.length)
    throw new Error(`refund of order ${order.id} found ${marked} of ${chosen.length} tickets unrefunded`);
  // Each refunded ticket's seat goes back on sale here, once (marked refunded above): an administrator's void keeps
  // the seat taken, so a voided ticket's seat is given back when its money is.
  await releaseStock(
    trx,
    order.event_id,
    chosen.map((ticket) => ({ ticket_type_id: ticket.ticket_type_id, quantity: 1 })),
  );

  const everything = chosen.length === unrefunded.length;
  const status = everything ? 'refunded' : 'partially_refunded';
  await setOrderStatus(trx, order.id, { status, refunded: order.refunded + amount });
  await recordAudit(trx, {
    actorId: input.actorId,
    action: auditActions[input.why],
    subjectType: 'order',
    subjectId: order.id,
    details: {
      amount,
      ...(kept > 0 ? { kept } : {}),
      tickets: chosen.length,
      refundId,
      ...(input.reason ? { reason: input.reason } : {}),
      before: { status: order.status, refunded: order.refunded },
      after: { status, refunded: order.refunded + amount },
    },
  });
  // A buyer's open request whose tickets have all had their money back now has nothing left to decide.
  await closeSettledRequests(trx, order.id);
  const [view] = await presentOrders(trx, [{ ...order, status, refunded: order.refunded + amount }], () => null);
  if (view) {
    const mail = { amount, kept, tickets: chosen.length, why: input.why, by: input.by, note: input.buyerNote };
    await enqueueMail(trx, refundMail(view, mail, input.origin));
  }
  return { refundId, amount };
}

/**
 * An event is cancelled: every held order is released and every paid one refunded in full, in the
 * transaction that cancels the event. The sweeper carries the refunds out at the provider.
 */
export async function refundEventOrders(
  trx: Transaction<Database>,
  eventId: string,
  actorId: string,
  origin: string,
): Promise<string[]> {
  const orders = await orderIdsOfEvent(trx, eventId, [...holdingStatuses, 'paid', 'partially_refunded']);
  const refundIds: string[] = [];
  for (const { id } of orders) {
    const order = await lockOrder(trx, id);
    if (!order) continue;
    if (holdingStatuses.includes(order.status)) {
      await endHold(trx, order, 'cancelled', 'The event was cancelled.');
      continue;
    }
    const decision = await decideRefund(trx, order, {
      ticketIds: null,
      reason: '',
      buyerNote: '',
      by: 'organiser',
      actorId,
      idempotencyKey: `event-cancelled:${eventId}`,
      requestHash: '',
      why: 'cancelled',
      origin,
    });
    if (decision.refundId) refundIds.push(decision.refundId);
  }
  return refundIds;
}

/**
 * Refunds a whole order or some of its tickets once per Idempotency-Key (whoever asks: the organiser or an
 * administrator, checked by the caller): decided under the order lock, then carried out at the provider.
 */
export async function refundWithKey(
  deps: { db: Db; provider: PaymentProvider },
  request: {
    orderId: string;
    input: RefundAsked;
    by: RefundedBy;
    idempotencyKey: string;
    actorId: string;
    origin: string;
  },
): Promise<RefundDecision> {
  const { orderId, input, idempotencyKey } = request;
  const requestHash = refundRequestHash(input);
  const decision = await deps.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId);
    if (!order) throw notFound('That order');
    // Under the order lock, so two identical requests cannot both pass this check.
    const earlier = await refundByKey(trx, orderId, idempotencyKey);
    if (earlier) {
      if (earlier.request_hash !== requestHash) {
        throw new HttpError('CONFLICT', 'This Idempotency-Key was already used for a different refund. Send a new key.');
      }
      return { refundId: null, amount: 0 };
    }
    return decideRefund(trx, order, {
      ticketIds: input.ticketIds ?? null,
      reason: input.reason,
      buyerNote: input.buyerNote,
      by: request.by,
      actorId: request.actorId,
      idempotencyKey,
      requestHash,
      why: 'refund',
      origin: request.origin,
    });
  });
  if (decision.refundId) await runRefund(deps.db, deps.provider, decision.refundId);
  return decision;
}
