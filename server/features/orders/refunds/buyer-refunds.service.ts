import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import { type CancelTicketsInput, type RefundAskInput, refundAskLimits } from '../../../../src/contract/cancellations.ts';
import type { Order } from '../../../../src/contract/orders.ts';
import type { Database } from '../../../db/types.ts';
import { recordAudit } from '../../../lib/audit-log.ts';
import { HttpError, notFound } from '../../../lib/http-error.ts';
import { selfServiceOf } from '../order-view.ts';
import { lockOrder, type OrderRow, orderEventsOf, ticketsOf } from '../orders.repository.ts';
import { buyersOrder, getOrder, type OrdersDeps } from '../orders.service.ts';
import { runRefund } from './refund-execution.service.ts';
import { insertRequest, latestRequestsOf, requestCountOf } from './refund-requests.repository.ts';
import { refundByKey } from './refunds.repository.ts';
import { decideRefund } from './refunds.service.ts';

// The buyer's own side of refunds (decision 068): cancelling tickets within the policy the order was placed under,
// and asking the organiser for a refund outside it. Both act on the order as GET /orders/:orderId finds it for its
// buyer (the access key from the mail, or the account that bought it), and judge it again under the order's lock.

interface BuyerCall {
  orderId: string;
  token: string | undefined;
  userId: string | null;
}

/** The order's self-service as it stands under the order lock, with its tickets. */
async function judged(trx: Transaction<Database>, order: OrderRow) {
  const [[event], tickets, [request]] = await Promise.all([
    orderEventsOf(trx, [order.event_id]),
    ticketsOf(trx, [order.id]),
    latestRequestsOf(trx, [order.id]),
  ]);
  if (!event) throw notFound('That order');
  return { event, tickets, state: selfServiceOf(order, event, tickets, request ?? null) };
}

const cancelHash = (ticketIds: string[] | undefined) =>
  createHash('sha256')
    .update(JSON.stringify({ cancel: [...(ticketIds ?? [])].sort() }))
    .digest('hex');

/**
 * Cancels the chosen tickets (or every one that can be) once per Idempotency-Key: voided at once (the door refuses
 * them, offline after its next sync), their places back on sale (to the waiting list first), and their money less
 * the policy's fee refunded through the provider after the transaction.
 */
export async function cancelTickets(
  deps: OrdersDeps,
  call: BuyerCall & { input: CancelTicketsInput; idempotencyKey: string; origin: string },
): Promise<Order> {
  const { orderId, input } = call;
  await buyersOrder(deps, orderId, call.token, call.userId);
  const key = `buyer:${call.idempotencyKey}`;
  const requestHash = cancelHash(input.ticketIds);
  const refundId = await deps.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId);
    if (!order) throw notFound('That order');
    const earlier = await refundByKey(trx, orderId, key);
    if (earlier) {
      if (earlier.request_hash !== requestHash) {
        throw new HttpError('CONFLICT', 'This Idempotency-Key was already used to cancel other tickets. Send a new key.');
      }
      return null;
    }
    const { state } = await judged(trx, order);
    const chosen = input.ticketIds ?? state.cancellable.map((ticket) => ticket.ticketId);
    const quotes = chosen.map((id) => state.cancellable.find((ticket) => ticket.ticketId === id));
    if (chosen.length === 0 || quotes.some((quote) => !quote)) {
      const why = state.note ?? 'They may be checked in, cancelled already or not part of this order.';
      const message = `${chosen.length > 1 ? 'These tickets' : 'This ticket'} cannot be cancelled here. ${why}`;
      throw new HttpError('CONFLICT', message, input.ticketIds ? [{ path: 'body.ticketIds', message }] : undefined);
    }
    const kept = quotes.reduce((sum, quote) => sum + (quote?.fee ?? 0), 0);
    const decision = await decideRefund(trx, order, {
      ticketIds: chosen,
      reason: '',
      buyerNote: '',
      by: 'organiser',
      actorId: call.userId,
      idempotencyKey: key,
      requestHash,
      why: 'buyer_cancelled',
      origin: call.origin,
      kept,
    });
    return decision.refundId;
  });
  if (refundId) await runRefund(deps.db, deps.provider, refundId);
  return getOrder(deps, orderId, call.token, call.userId);
}

/**
 * Asks the organiser to refund tickets the buyer cannot cancel themselves: one open request per order, at most three
 * per order, until 30 days after the event. The organiser refunds or declines it from their payments page.
 */
export async function askForRefund(deps: OrdersDeps, call: BuyerCall & { input: RefundAskInput }): Promise<Order> {
  const { orderId, input } = call;
  await buyersOrder(deps, orderId, call.token, call.userId);
  await deps.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId);
    if (!order) throw notFound('That order');
    const { tickets, state } = await judged(trx, order);
    if (state.request?.status === 'open') {
      throw new HttpError('CONFLICT', 'Your request is with the organiser already: they answer by email.');
    }
    if (!state.canAsk) {
      throw new HttpError('CONFLICT', state.note ?? 'A refund can no longer be asked for on this order.');
    }
    if ((await requestCountOf(trx, orderId)) >= refundAskLimits.perOrder) {
      throw new HttpError('CONFLICT', 'This order has had three refund requests: please contact the organiser directly.');
    }
    const cancellable = new Set(state.cancellable.map((ticket) => ticket.ticketId));
    const askable = new Set(
      tickets
        .filter((ticket) => ticket.refunded_at === null && ticket.unit_price + ticket.unit_fee > 0)
        .map((ticket) => ticket.id),
    );
    const wrong = input.ticketIds.filter((id) => !askable.has(id) || cancellable.has(id));
    if (wrong.length > 0) {
      const message = wrong.every((id) => cancellable.has(id))
        ? 'You can cancel these tickets yourself, within the refund policy: no need to ask.'
        : 'Some of these tickets cannot be refunded (free, refunded already, or not part of this order).';
      throw new HttpError('CONFLICT', message, [{ path: 'body.ticketIds', message }]);
    }
    const requestId = await insertRequest(trx, {
      order_id: order.id,
      event_id: order.event_id,
      ticket_ids: input.ticketIds,
      reason: input.reason,
    });
    await recordAudit(trx, {
      actorId: call.userId,
      action: 'order.refund_requested',
      subjectType: 'order',
      subjectId: order.id,
      details: { requestId, tickets: input.ticketIds.length },
    });
  });
  return getOrder(deps, orderId, call.token, call.userId);
}
