import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Order, OrderStatus } from '../../../src/contract/orders.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import type { ImageUrl } from '../../lib/storage/image-url.ts';
import { orderAnswersOf } from '../questions/order-answers.service.ts';
import { expireOpenPayments, openPaymentsOf } from './checkout/checkout.repository.ts';
import { toOrder } from './order-view.ts';
import {
  holdingStatuses,
  itemsOf,
  lapsedHolds,
  lockOrder,
  type OrderRow,
  orderEventsOf,
  releaseStock,
  setOrderStatus,
  ticketsOf,
} from './orders.repository.ts';
import { latestRequestsOf } from './refunds/refund-requests.repository.ts';
import { transfersOf } from './tickets/ticket-transfers.repository.ts';

/**
 * The guest's key to their order, derived from the server secret: nothing to store, the same on
 * every instance, and an idempotent repeat of the creation can hand it out again.
 */
export function orderAccessToken(secret: string, orderId: string): string {
  return createHmac('sha256', secret).update(`order-access:${orderId}`).digest('base64url').slice(0, 32);
}

export function isOrderAccessToken(secret: string, orderId: string, token: string | undefined): boolean {
  if (!token) return false;
  const expected = Buffer.from(orderAccessToken(secret, orderId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Orders as the API shows them, loading what they need in a few queries however many there are. */
export async function presentOrders(db: Db, rows: OrderRow[], imageUrl: ImageUrl): Promise<Omit<Order, 'accessToken'>[]> {
  const ids = rows.map((row) => row.id);
  const [events, items, tickets, payments, answers, requests, transfers] = await Promise.all([
    orderEventsOf(db, [...new Set(rows.map((row) => row.event_id))]),
    itemsOf(db, ids),
    ticketsOf(db, ids),
    openPaymentsOf(db, ids),
    orderAnswersOf(db, rows),
    latestRequestsOf(db, ids),
    transfersOf(db, ids),
  ]);
  return rows.map((row) => {
    const event = events.find((candidate) => candidate.id === row.event_id);
    if (!event) throw new Error(`order ${row.id} has no event`);
    const view = toOrder(
      row,
      {
        event,
        items: items.filter((item) => item.order_id === row.id),
        tickets: tickets.filter((ticket) => ticket.order_id === row.id),
        checkoutUrl: payments.find((payment) => payment.order_id === row.id)?.checkout_url ?? null,
        request: requests.find((request) => request.order_id === row.id) ?? null,
        transfers: transfers.filter((transfer) => transfer.order_id === row.id),
      },
      imageUrl,
    );
    return { ...view, ...(answers.get(row.id) ?? { answers: [], answersEditableUntil: null }) };
  });
}

/** Gives a holding order's tickets back to sale, inside the caller's transaction (order row locked). */
export async function endHold(
  trx: Transaction<Database>,
  order: OrderRow,
  status: Extract<OrderStatus, 'expired' | 'cancelled'>,
  reason: string | null,
): Promise<boolean> {
  if (!holdingStatuses.includes(order.status)) return false;
  await releaseStock(trx, order.event_id, await itemsOf(trx, [order.id]));
  await setOrderStatus(trx, order.id, { status, failure_reason: reason ?? order.failure_reason });
  await expireOpenPayments(trx, order.id);
  return true;
}

/**
 * Ends one order's hold if it has lapsed, or at once with `release` (the reason shown to the buyer).
 * True when this call ended it; concurrent calls agree because the order row is locked.
 */
export async function expireOrder(db: Db, orderId: string, options: { release?: string } = {}): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId);
    if (!order || !holdingStatuses.includes(order.status)) return false;
    if (options.release !== undefined) return endHold(trx, order, 'cancelled', options.release);
    const lapsed = order.hold_expires_at !== null && new Date(order.hold_expires_at) <= new Date();
    return lapsed && endHold(trx, order, 'expired', 'The hold on these tickets lapsed before payment.');
  });
}

/**
 * Returns lapsed holds to sale: run by the sweeper for every event, and for one event before each
 * reservation so sales never wait for the sweeper. One short transaction per order.
 */
export async function expireLapsedHolds(db: Db, options: { eventId?: string; limit?: number } = {}): Promise<number> {
  const lapsed = await lapsedHolds(db, options.limit ?? 100, options.eventId);
  let expired = 0;
  for (const { id } of lapsed) if (await expireOrder(db, id)) expired += 1;
  return expired;
}
