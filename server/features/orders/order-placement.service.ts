import { randomUUID } from 'node:crypto';
import type { BookingFeeRule, CreateOrder, Order } from '../../../src/contract/orders.ts';
import { pipelinedTransaction } from '../../db/pipelined-transaction.ts';
import { refusalOf } from '../../db/refusal.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { enforceRateLimit } from '../../lib/rate-limiter.ts';
import { issueQueries, preparedTicketRows, prepareIssue } from './issue-tickets.ts';
import { ensureCheckout, newCheckout } from './order-checkout.ts';
import { expireOrder, orderAccessToken, presentOrders } from './order-lifecycle.ts';
import { ordersPerAddress } from './order-limits.ts';
import {
  availableOf,
  type BookingContext,
  type BookingContextInput,
  bookingContextQuery,
  capacityConstraint,
  countedBookingContextQuery,
  insertOrderQuery,
  lockBuyerQuery,
  type NewOrder,
  reserveQuery,
  saleGuardQuery,
} from './order-placement.repository.ts';
import { checkItems, newReference, priced, requestHash } from './order-request.ts';
import { toOrder } from './order-view.ts';
import { findOrderByKey, findOrderRow, insertPayment, type OrderRow } from './orders.repository.ts';
import type { OrdersDeps } from './orders.service.ts';

/** Against scalping: tickets one buyer (email or account) may hold or own for one event, across orders. */
export const maxTicketsPerBuyer = 10;

/** A database error of this SQLSTATE naming this constraint (pg names it in a field, PGlite in the message). */
const violates = (error: unknown, code: '23505' | '23514', constraint: string) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: string }).code === code &&
  `${(error as { constraint?: string }).constraint ?? ''} ${(error as Error).message}`.includes(constraint);

export interface Caller {
  userId: string | null;
  /** Where links in mail and return pages point: the configured app URL or the request's origin. */
  origin: string;
  /** The network address the order came from, for the per-address limit; absent for orders made by the server itself. */
  ip?: string;
}

async function answerRepeat(
  deps: OrdersDeps,
  existing: { id: string; request_hash: string },
  hash: string,
  origin: string,
): Promise<Order> {
  if (existing.request_hash !== hash) {
    throw new HttpError(
      'CONFLICT',
      'This Idempotency-Key was already used for a different order. Send a new key for a new order.',
    );
  }
  await ensureCheckout(deps, existing.id, origin);
  return presentWithToken(deps, existing.id);
}

async function presentWithToken(deps: OrdersDeps, orderId: string): Promise<Order> {
  const row = await findOrderRow(deps.db, orderId);
  if (!row) throw notFound('That order');
  const [order] = await presentOrders(deps.db, [row], deps.imageUrl);
  return { ...(order as Order), accessToken: orderAccessToken(deps.secret, orderId) };
}

/** What placing an order reads first (see bookingContextQuery), counting the address when the order is counted. */
async function openingRead(deps: OrdersDeps, input: BookingContextInput, ip: string | undefined) {
  const { db } = deps;
  if (ip === undefined || !deps.orderLimitPerAddress)
    return (await db.executeQuery(bookingContextQuery(db, input))).rows[0] as BookingContext;
  const rule = ordersPerAddress(deps.orderLimitPerAddress);
  const { rows } = await db.executeQuery(countedBookingContextQuery(db, rule, ip, input));
  const row = rows[0] as BookingContext & { hits: number };
  enforceRateLimit(rule, row.hits);
  return row;
}

/**
 * Holds (or, when free, sells) the tickets and answers with the order and where to pay. A repeat
 * with the same Idempotency-Key answers with the same order; the same key with another body is refused.
 * Round trips: one statement to read (and count the address); then the whole transaction in one batch: the
 * buyer's lock, the checks that may refuse the sale, the writes and the COMMIT (see pipelinedTransaction).
 */
export async function createOrder(deps: OrdersDeps, input: CreateOrder, idempotencyKey: string, caller: Caller): Promise<Order> {
  const { db } = deps;
  const scope = caller.userId ? `user:${caller.userId}` : `email:${input.buyer.email}`;
  const hash = requestHash(input);
  const contextInput = { eventId: input.eventId, scope, key: idempotencyKey };
  let context = await openingRead(deps, contextInput, caller.ip);
  if (context.existing) return answerRepeat(deps, context.existing, hash, caller.origin);
  // Lapsed holds of this event go back on sale before we count what is left.
  if (context.lapsed.length > 0) {
    for (const { id } of context.lapsed) await expireOrder(db, id);
    context = (await db.executeQuery(bookingContextQuery(db, contextInput))).rows[0] as BookingContext;
  }

  if (!context.event || context.event.status === 'draft') throw notFound('That event');
  const event = { ...context.event, starts_at: new Date(context.event.starts_at), ends_at: new Date(context.event.ends_at) };
  if (event.status === 'cancelled') throw new HttpError('CONFLICT', 'This event is cancelled.');
  const now = new Date();
  if (new Date(event.ends_at) <= now) throw new HttpError('CONFLICT', 'Ticket sales for this event have ended.');

  const lines = checkItems(input, context.types, now);
  const requested = lines.reduce((sum, line) => sum + line.quantity, 0);
  const rule: BookingFeeRule = context.rule
    ? {
        percentBasisPoints: context.rule.percent_basis_points,
        fixed: context.rule.fixed,
        capPerTicket: context.rule.cap_per_ticket,
      }
    : { percentBasisPoints: 0, fixed: 0, capPerTicket: null };
  const { amounts, items } = priced(rule, lines, input.attendees);
  const free = amounts.total === 0;

  const order: NewOrder = {
    id: randomUUID(),
    reference: newReference(),
    event_id: event.id,
    user_id: caller.userId,
    buyer_name: input.buyer.name,
    buyer_email: input.buyer.email,
    status: free ? 'paid' : 'pending',
    currency: lines[0]?.type.currency ?? 'GBP',
    subtotal: amounts.subtotal,
    booking_fee: amounts.bookingFee,
    total: amounts.total,
    provider: free ? 'none' : deps.provider.name,
    hold_expires_at: free
      ? null
      : new Date(now.getTime() + (deps.holdSeconds ? deps.holdSeconds * 1000 : event.hold_minutes * 60_000)),
    idempotency_scope: scope,
    idempotency_key: idempotencyKey,
    request_hash: hash,
    paid_at: free ? now : null,
  };
  const row: OrderRow = { ...order, refunded: 0, failure_reason: null, created_at: now, updated_at: now };
  const itemRows = items.map((item) => ({ ...item, order_id: order.id }));
  // A free order is confirmed now: its tickets are signed and its mail written before the transaction.
  const prepared = free
    ? await prepareIssue(db, {
        order: row,
        items: itemRows,
        event,
        origin: caller.origin,
        imageUrl: deps.imageUrl,
        key: context.signingKey,
      })
    : null;
  // The sandbox opens its checkout without network I/O, so the checkout is written with the order.
  const localCheckout =
    !free && deps.provider.opensCheckoutLocally
      ? await newCheckout(deps, row, itemRows, caller.origin, event.stripe_account_id)
      : null;

  // The contended rows are locked last, in a fixed order, so the hot lock is held briefly and never deadlocks.
  // A held order of one type (most orders) takes its stock in the statement that inserts it; a free one
  // takes it after its tickets are written.
  const reservations = [...items].sort((a, b) => a.ticket_type_id.localeCompare(b.ticket_type_id));
  const [sole, ...others] = reservations;
  const stock = sole && others.length === 0 && !prepared ? { ticketTypeId: sole.ticket_type_id, quantity: sole.quantity } : null;
  try {
    await pipelinedTransaction(db, (pipeline) =>
      pipeline.commit([
        lockBuyerQuery(db, event.id, input.buyer.email),
        saleGuardQuery(db, {
          eventId: event.id,
          email: input.buyer.email,
          userId: caller.userId,
          requested,
          limit: maxTicketsPerBuyer,
        }),
        insertOrderQuery(
          db,
          order,
          items.map((item) => ({ ...item, holder_names: JSON.stringify(item.holder_names) })),
          { payment: localCheckout, stock },
        ),
        ...(prepared ? issueQueries(db, row, prepared) : []),
        ...(stock ? [] : reservations.map((item) => reserveQuery(db, item.ticket_type_id, item.quantity))),
      ]),
    );
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) throw refusedSale(refusal.reason, refusal.detail);
    if (violates(error, '23514', capacityConstraint)) throw await notEnoughLeft(deps, reservations);
    // The same key sent twice at once: the loser answers with the winner's order.
    if (violates(error, '23505', 'orders_idempotency_key')) {
      const winner = await findOrderByKey(db, scope, idempotencyKey);
      if (winner) return answerRepeat(deps, winner, hash, caller.origin);
    }
    if (violates(error, '23505', 'orders_reference_key')) {
      const { ip: _counted, ...again } = caller; // this request was counted once already
      return createOrder(deps, input, idempotencyKey, again);
    }
    throw error;
  }

  let checkoutUrl = localCheckout?.checkout_url ?? null;
  if (!free && !localCheckout) {
    const payment = await newCheckout(deps, row, itemRows, caller.origin, event.stripe_account_id);
    await insertPayment(db, payment);
    checkoutUrl = payment.checkout_url;
  }
  // Answered from what was just written, without reading it back.
  const view = toOrder(
    row,
    {
      event,
      items: itemRows.map((item) => ({ ...item, holder_names: item.holder_names })),
      tickets: prepared ? preparedTicketRows(row, prepared) : [],
      checkoutUrl,
    },
    deps.imageUrl,
  );
  return { ...view, accessToken: orderAccessToken(deps.secret, order.id) };
}

/** The answer when the sale guard (saleGuardQuery) refused the order. */
function refusedSale(reason: string, detail: string): HttpError {
  if (reason === 'buyer_limit') {
    const left = Math.max(maxTicketsPerBuyer - Number(detail), 0);
    return new HttpError(
      'CONFLICT',
      `One buyer can have at most ${maxTicketsPerBuyer} tickets for this event; you can add ${left} more.`,
    );
  }
  if (detail === 'cancelled') return new HttpError('CONFLICT', 'This event is cancelled.');
  return new HttpError('CONFLICT', 'Tickets for this event are not on sale.');
}

/** The refusal when a reservation broke the capacity CHECK: the first type of the order with too few left. */
async function notEnoughLeft(deps: OrdersDeps, items: { ticket_type_id: string; name: string; quantity: number }[]) {
  for (const item of items) {
    const left = await availableOf(deps.db, item.ticket_type_id);
    const available = Math.max(Number(left?.available ?? 0), 0);
    if (available >= item.quantity) continue;
    return new HttpError(
      'CONFLICT',
      available === 0 ? `${item.name} is sold out.` : `Only ${available} ${item.name} tickets are left.`,
    );
  }
  // Freed again by the time we looked: the buyer may simply try again.
  return new HttpError('CONFLICT', 'Those tickets were just taken. Please try again.');
}
