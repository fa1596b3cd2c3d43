import { randomUUID } from 'node:crypto';
import type { CreateOrder, Order } from '../../../src/contract/orders.ts';
import { pipelinedTransaction } from '../../db/pipelined-transaction.ts';
import { refusalOf } from '../../db/refusal.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { counterOf, enforceRateLimit } from '../../lib/rate-limiter.ts';
import type { CheckoutContext } from '../payments/payments.repository.ts';
import { issueQueries, preparedTicketRows, prepareIssue } from './issue-tickets.ts';
import { ensureCheckout, newCheckout } from './order-checkout.ts';
import { expireLapsedHolds, orderAccessToken, presentOrders } from './order-lifecycle.ts';
import { ordersPerAddress } from './order-limits.ts';
import {
  availableOf,
  capacityConstraint,
  insertOrderQuery,
  lockBuyerQuery,
  type NewItem,
  reserveQuery,
  type SaleGuardInput,
  saleGuardQuery,
} from './order-placement.repository.ts';
import { checkItems, newReference, priced, requestHash } from './order-request.ts';
import { toOrder } from './order-view.ts';
import { findOrderByKey, findOrderRow, insertPayment, type NewPayment, type OrderRow } from './orders.repository.ts';
import type { OrdersDeps } from './orders.service.ts';
import { type SaleContext, type SaleEvent, saleContextOf } from './sale-context.ts';

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

/** Tries at most this many times when what the order was priced with changed meanwhile (a `stale` refusal). */
const attemptsWhenStale = 3;

/**
 * Holds (or, when free, sells) the tickets and answers with the order and where to pay. A repeat
 * with the same Idempotency-Key answers with the same order; the same key with another body is refused.
 * The order is priced from the event's sale context this instance kept (sale-context.ts), and placed in
 * one round trip: the buyer's lock, the checks that may refuse the sale (among them that the context is
 * still current, and the address's count), the writes and the COMMIT (see pipelinedTransaction and
 * saleGuardQuery). A stale context is read again and the order priced again.
 */
export async function createOrder(deps: OrdersDeps, input: CreateOrder, idempotencyKey: string, caller: Caller): Promise<Order> {
  const scope = caller.userId ? `user:${caller.userId}` : `email:${input.buyer.email}`;
  const hash = requestHash(input);
  const limited = caller.ip !== undefined && Boolean(deps.orderLimitPerAddress);
  const addressRule = ordersPerAddress(deps.orderLimitPerAddress ?? 0);
  const counter = limited ? { ...counterOf(addressRule, caller.ip as string), limit: addressRule.limit } : null;
  let releasedLapsed = false;
  for (let attempt = 1; ; attempt += 1) {
    const order = await priceOrder(deps, input, { scope, key: idempotencyKey, hash }, caller, attempt > 1);
    if ('repeat' in order) return answerRepeat(deps, order.repeat, hash, caller.origin);
    try {
      return await placeOrder(deps, order, caller, counter);
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal?.reason === 'stale' && attempt < attemptsWhenStale) continue;
      if (refusal?.reason === 'repeat') {
        const winner = await findOrderByKey(deps.db, scope, idempotencyKey);
        if (winner) return answerRepeat(deps, winner, hash, caller.origin);
      }
      // Past the address's limit: the 429 any rate limit answers.
      if (refusal?.reason === 'address_limit') enforceRateLimit(addressRule, addressRule.limit + 1);
      if (refusal) throw refusedSale(refusal.reason, refusal.detail);
      if (violates(error, '23514', capacityConstraint)) {
        // Lapsed holds still count as taken until they are settled: settle the event's, then try again once.
        if (!releasedLapsed) {
          releasedLapsed = true;
          if ((await expireLapsedHolds(deps.db, { eventId: input.eventId })) > 0) continue;
        }
        throw await notEnoughLeft(deps, order.reservations);
      }
      // The same key sent twice at once: the loser answers with the winner's order.
      if (violates(error, '23505', 'orders_idempotency_key')) {
        const winner = await findOrderByKey(deps.db, scope, idempotencyKey);
        if (winner) return answerRepeat(deps, winner, hash, caller.origin);
      }
      if (violates(error, '23505', 'orders_reference_key')) continue;
      throw error;
    }
  }
}

interface PricedOrder {
  context: SaleContext;
  event: SaleEvent;
  row: OrderRow;
  items: NewItem[];
  itemRows: (Omit<NewItem, 'holder_names'> & { order_id: string; holder_names: string[] })[];
  reservations: NewItem[];
  requested: number;
  idempotency: { scope: string; key: string };
}

/**
 * The order as the buyer asked for it, checked and priced with the event's sale context. A refusal judged on
 * a kept context is judged again on a fresh one (the event may have been published or changed meanwhile);
 * a request refused even then is answered with the order already placed under its key, if there is one.
 */
async function priceOrder(
  deps: OrdersDeps,
  input: CreateOrder,
  idempotency: { scope: string; key: string; hash: string },
  caller: Caller,
  fresh: boolean,
): Promise<PricedOrder | { repeat: { id: string; request_hash: string } }> {
  let context = await saleContextOf(deps.db, deps.saleContexts, input.eventId, { fresh });
  for (;;) {
    try {
      return pricedOrder(deps, input, context, idempotency, caller);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      if (!context.fresh) {
        context = await saleContextOf(deps.db, deps.saleContexts, input.eventId, { fresh: true });
        continue;
      }
      const existing = await findOrderByKey(deps.db, idempotency.scope, idempotency.key);
      if (existing) return { repeat: existing };
      throw error;
    }
  }
}

function pricedOrder(
  deps: OrdersDeps,
  input: CreateOrder,
  context: SaleContext,
  idempotency: { scope: string; key: string; hash: string },
  caller: Caller,
): PricedOrder {
  const { event } = context;
  if (!event || event.status === 'draft') throw notFound('That event');
  if (event.status === 'cancelled') throw new HttpError('CONFLICT', 'This event is cancelled.');
  const now = new Date();
  if (event.ends_at <= now) throw new HttpError('CONFLICT', 'Ticket sales for this event have ended.');

  const lines = checkItems(input, context.types, now);
  const { amounts, items } = priced(context.rule, lines, input.attendees);
  const free = amounts.total === 0;
  const row: OrderRow = {
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
    idempotency_scope: idempotency.scope,
    idempotency_key: idempotency.key,
    request_hash: idempotency.hash,
    paid_at: free ? now : null,
    refunded: 0,
    failure_reason: null,
    created_at: now,
    updated_at: now,
  };
  const written = items.map((item) => ({ ...item, holder_names: JSON.stringify(item.holder_names) }));
  return {
    context,
    event,
    row,
    items: written,
    itemRows: items.map((item) => ({ ...item, order_id: row.id })),
    // The contended rows are locked last, in a fixed order, so the hot lock is held briefly and never deadlocks.
    reservations: [...written].sort((a, b) => a.ticket_type_id.localeCompare(b.ticket_type_id)),
    requested: lines.reduce((sum, line) => sum + line.quantity, 0),
    idempotency: { scope: idempotency.scope, key: idempotency.key },
  };
}

/** Writes a priced order in one transaction (see createOrder) and answers with it, without reading it back. */
async function placeOrder(
  deps: OrdersDeps,
  order: PricedOrder,
  caller: Caller,
  counter: SaleGuardInput['counter'],
): Promise<Order> {
  const { db } = deps;
  const { context, event, row, itemRows } = order;
  const free = row.status === 'paid';
  const accessToken = orderAccessToken(deps.secret, row.id);
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
      ? await newCheckout(deps, row, itemRows, caller.origin, event.stripe_account_id, accessToken)
      : null;

  // A held order of one type (most orders) takes its stock in the statement that inserts it; a free one
  // takes it after its tickets are written.
  const [sole, ...others] = order.reservations;
  const stock = sole && others.length === 0 && !prepared ? { ticketTypeId: sole.ticket_type_id, quantity: sole.quantity } : null;
  const { refunded: _refunded, failure_reason: _reason, created_at: _created, updated_at: _updated, ...placed } = row;
  await pipelinedTransaction(db, (pipeline) =>
    pipeline.commit([
      lockBuyerQuery(db, event.id, row.buyer_email),
      saleGuardQuery(db, {
        eventId: event.id,
        email: row.buyer_email,
        userId: caller.userId,
        requested: order.requested,
        limit: maxTicketsPerBuyer,
        idempotency: order.idempotency,
        saleVersion: event.sale_version,
        ruleId: context.rule.id,
        counter,
      }),
      insertOrderQuery(db, placed, order.items, { payment: localCheckout, stock }),
      ...(prepared ? issueQueries(db, row, prepared) : []),
      ...(stock ? [] : order.reservations.map((item) => reserveQuery(db, item.ticket_type_id, item.quantity))),
    ]),
  );

  let checkoutUrl = localCheckout?.checkout_url ?? null;
  if (localCheckout)
    deps.checkouts.set(localCheckout.session_id, keptCheckout(localCheckout, order), localCheckout.expires_at.getTime());
  if (!free && !localCheckout) {
    const payment = await newCheckout(deps, row, itemRows, caller.origin, event.stripe_account_id, accessToken);
    await insertPayment(db, payment);
    checkoutUrl = payment.checkout_url;
  }
  // Answered from what was just written, without reading it back.
  const view = toOrder(
    row,
    { event, items: itemRows, tickets: prepared ? preparedTicketRows(row, prepared) : [], checkoutUrl },
    deps.imageUrl,
  );
  return { ...view, accessToken };
}

/** What paying through a checkout placed with its order needs, as reading it back gives it (see CheckoutContext). */
function keptCheckout(payment: NewPayment, order: PricedOrder): CheckoutContext {
  const iso = (value: Date | null) => value?.toISOString() ?? null;
  const { row, event } = order;
  return {
    id: payment.id,
    order_id: payment.order_id,
    status: 'open',
    session_id: payment.session_id,
    amount: payment.amount,
    currency: payment.currency,
    expires_at: payment.expires_at,
    order: {
      ...row,
      hold_expires_at: iso(row.hold_expires_at),
      paid_at: iso(row.paid_at),
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    },
    items: [...order.itemRows].sort((a, b) => a.ticket_type_id.localeCompare(b.ticket_type_id)),
    event: { ...event, starts_at: event.starts_at.toISOString(), ends_at: event.ends_at.toISOString() },
    key: order.context.signingKey,
  };
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
  if (reason === 'stale') {
    return new HttpError('CONFLICT', 'The tickets of this event were changed just now. Please check them and try again.');
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
