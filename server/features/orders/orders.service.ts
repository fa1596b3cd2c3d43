import { createHash, randomInt, randomUUID } from 'node:crypto';
import { orderAmounts } from '../../../src/contract/booking-fee.ts';
import type { BookingFeeRule, CreateOrder, Order } from '../../../src/contract/orders.ts';
import { can } from '../../../src/contract/permissions.ts';
import type { Db } from '../../db/database.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { type PaymentProvider, PaymentProviderError } from '../../lib/payments/provider.ts';
import type { ImageUrl } from '../events/event-view.ts';
import { issuePrepared, preparedTicketRows, prepareIssue } from './issue-tickets.ts';
import { expireOrder, isOrderAccessToken, orderAccessToken, presentOrders } from './order-lifecycle.ts';
import { toOrder } from './order-view.ts';
import {
  availableOf,
  type BookingContext,
  bookingContext,
  currentFeeRule,
  emailOfUser,
  findOrderByKey,
  findOrderRow,
  holdingStatuses,
  insertOrder,
  insertPayment,
  itemsOf,
  lockBuyer,
  type NewOrder,
  type NewPayment,
  type OrderRow,
  openPaymentsOf,
  orderEventsOf,
  ordersOfUser,
  reserveTickets,
  roleIn,
  saleGuard,
} from './orders.repository.ts';

export interface OrdersDeps {
  db: Db;
  /** The server secret: order access tokens derive from it. */
  secret: string;
  provider: PaymentProvider;
  imageUrl: ImageUrl;
  /** Overrides every event's hold minutes (ORDER_HOLD_SECONDS). */
  holdSeconds?: number | null;
}

/** Against scalping: tickets one buyer (email or account) may hold or own for one event, across orders. */
export const maxTicketsPerBuyer = 10;

/** Unambiguous characters only (no 0/O, 1/I/L), so a reference read aloud at the door is typed right. */
const referenceAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
function newReference(): string {
  const pick = () => referenceAlphabet[randomInt(referenceAlphabet.length)];
  const half = () => Array.from({ length: 4 }, pick).join('');
  return `${half()}-${half()}`;
}

const badItem = (index: number, field: string, message: string) =>
  new HttpError('BAD_REQUEST', message, [{ path: `body.items.${index}.${field}`, message }]);

/** Same body, same hash: the order of items and the case of the email do not matter. */
function requestHash(input: CreateOrder): string {
  const canonical = {
    eventId: input.eventId,
    items: [...input.items].sort((a, b) => a.ticketTypeId.localeCompare(b.ticketTypeId)),
    buyer: input.buyer,
    attendees: input.attendees ?? [],
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

const isUniqueViolation = (error: unknown, constraint: string) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: string }).code === '23505' &&
  `${(error as { constraint?: string }).constraint ?? ''} ${(error as Error).message}`.includes(constraint);

export interface Caller {
  userId: string | null;
  /** Where links in mail and return pages point: the configured app URL or the request's origin. */
  origin: string;
}

/** What a buyer chose, checked against the event's ticket types: rules that need no lock. */
function checkItems(input: CreateOrder, types: BookingContext['types'], now: Date) {
  const seen = new Set<string>();
  const lines = input.items.map((item, index) => {
    const type = types.find((candidate) => candidate.id === item.ticketTypeId);
    // A hidden type is as good as absent for buyers: its existence is not revealed.
    if (!type || type.hidden) throw badItem(index, 'ticketTypeId', 'That is not a ticket type of this event.');
    if (seen.has(type.id)) throw badItem(index, 'ticketTypeId', 'Give each ticket type once, with its quantity.');
    seen.add(type.id);
    if (type.sales_start && new Date(type.sales_start) > now) {
      throw new HttpError('CONFLICT', `${type.name} tickets are not on sale yet.`);
    }
    if (type.sales_end && new Date(type.sales_end) <= now) {
      throw new HttpError('CONFLICT', `Sales of ${type.name} tickets have ended.`);
    }
    if (item.quantity < type.min_per_order) {
      throw badItem(index, 'quantity', `Choose at least ${type.min_per_order} ${type.name} tickets per order.`);
    }
    if (item.quantity > type.max_per_order) {
      throw badItem(index, 'quantity', `Choose at most ${type.max_per_order} ${type.name} tickets per order.`);
    }
    return { type, quantity: item.quantity };
  });
  const currencies = new Set(lines.map((line) => line.type.currency));
  if (currencies.size > 1) throw new HttpError('BAD_REQUEST', 'Tickets in different currencies need separate orders.');
  for (const [index, attendee] of (input.attendees ?? []).entries()) {
    if (!seen.has(attendee.ticketTypeId)) {
      const message = 'A name is given for a ticket type that is not in the order.';
      throw new HttpError('BAD_REQUEST', message, [{ path: `body.attendees.${index}.ticketTypeId`, message }]);
    }
  }
  return lines;
}

function priced(rule: BookingFeeRule, lines: ReturnType<typeof checkItems>, attendees: CreateOrder['attendees']) {
  const amounts = orderAmounts(
    rule,
    lines.map((line) => ({ unitPrice: line.type.price, quantity: line.quantity })),
  );
  const items = lines.map((line) => {
    const names = (attendees ?? []).filter((a) => a.ticketTypeId === line.type.id).map((a) => a.name);
    return {
      ticket_type_id: line.type.id,
      name: line.type.name,
      quantity: line.quantity,
      unit_price: line.type.price,
      unit_fee: orderAmounts(rule, [{ unitPrice: line.type.price, quantity: 1 }]).bookingFee,
      holder_names: names.slice(0, line.quantity),
    };
  });
  return { amounts, items };
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

/**
 * Holds (or, when free, sells) the tickets and answers with the order and where to pay. A repeat
 * with the same Idempotency-Key answers with the same order; the same key with another body is refused.
 * Round trips are counted here: one to read, one transaction of five statements to write.
 */
export async function createOrder(deps: OrdersDeps, input: CreateOrder, idempotencyKey: string, caller: Caller): Promise<Order> {
  const { db } = deps;
  const scope = caller.userId ? `user:${caller.userId}` : `email:${input.buyer.email}`;
  const hash = requestHash(input);
  let context = await bookingContext(db, { eventId: input.eventId, scope, key: idempotencyKey });
  if (context.existing) return answerRepeat(deps, context.existing, hash, caller.origin);
  // Lapsed holds of this event go back on sale before we count what is left.
  if (context.lapsed.length > 0) {
    for (const { id } of context.lapsed) await expireOrder(db, id);
    context = await bookingContext(db, { eventId: input.eventId, scope, key: idempotencyKey });
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
    ? await prepareIssue(db, { order: row, items: itemRows, event, origin: caller.origin, imageUrl: deps.imageUrl })
    : null;
  // The sandbox opens its checkout without network I/O, so the checkout is written with the order.
  const localCheckout =
    !free && deps.provider.opensCheckoutLocally
      ? await newCheckout(deps, row, itemRows, caller.origin, event.stripe_account_id)
      : null;

  try {
    await db.transaction().execute(async (trx) => {
      await lockBuyer(trx, event.id, input.buyer.email);
      const guard = await saleGuard(trx, event.id, input.buyer.email, caller.userId);
      if (guard.status !== 'published') throw new HttpError('CONFLICT', 'This event is cancelled.');
      if (guard.tickets + requested > maxTicketsPerBuyer) {
        const left = Math.max(maxTicketsPerBuyer - guard.tickets, 0);
        throw new HttpError(
          'CONFLICT',
          `One buyer can have at most ${maxTicketsPerBuyer} tickets for this event; you can add ${left} more.`,
        );
      }
      await insertOrder(
        trx,
        order,
        items.map((item) => ({ ...item, holder_names: JSON.stringify(item.holder_names) })),
        localCheckout,
      );
      if (prepared) await issuePrepared(trx, row, prepared);
      // The contended rows are locked last, in a fixed order, so the hot lock is held briefly and never deadlocks.
      for (const item of [...items].sort((a, b) => a.ticket_type_id.localeCompare(b.ticket_type_id))) {
        if (!(await reserveTickets(trx, item.ticket_type_id, item.quantity, free ? 'sold' : 'held'))) {
          const left = await availableOf(trx, item.ticket_type_id);
          const available = Math.max(Number(left?.available ?? 0), 0);
          throw new HttpError(
            'CONFLICT',
            available === 0 ? `${item.name} is sold out.` : `Only ${available} ${item.name} tickets are left.`,
          );
        }
      }
    });
  } catch (error) {
    // The same key sent twice at once: the loser answers with the winner's order.
    if (isUniqueViolation(error, 'orders_idempotency_key')) {
      const winner = await findOrderByKey(db, scope, idempotencyKey);
      if (winner) return answerRepeat(deps, winner, hash, caller.origin);
    }
    if (isUniqueViolation(error, 'orders_reference_key')) return createOrder(deps, input, idempotencyKey, caller);
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

/**
 * Opens a checkout at the provider for a held order (network I/O for Stripe: never inside a
 * transaction). When the provider cannot be reached, the hold only blocks others: it ends now.
 */
async function newCheckout(
  deps: OrdersDeps,
  order: OrderRow,
  items: { name: string; unit_price: number; quantity: number }[],
  origin: string,
  destinationAccount: string | null,
): Promise<NewPayment> {
  const token = orderAccessToken(deps.secret, order.id);
  const query = (extra: Record<string, string> = {}) => new URLSearchParams({ orderId: order.id, token, ...extra }).toString();
  try {
    const session = await deps.provider.createCheckout({
      orderId: order.id,
      reference: order.reference,
      buyerEmail: order.buyer_email,
      currency: order.currency,
      lines: items.map((item) => ({ name: item.name, unitAmount: item.unit_price, quantity: item.quantity })),
      bookingFee: order.booking_fee,
      total: order.total,
      holdExpiresAt: new Date(order.hold_expires_at ?? Date.now()),
      successUrl: `${origin}/payment-success?${query()}`,
      cancelUrl: `${origin}/payment/order-error?${query({ reason: 'cancelled' })}`,
      destinationAccount,
    });
    return {
      order_id: order.id,
      provider: deps.provider.name,
      session_id: session.sessionId,
      checkout_url: session.checkoutUrl,
      amount: order.total,
      currency: order.currency,
      expires_at: session.expiresAt,
    };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    await expireOrder(deps.db, order.id, { release: 'The payment service could not be reached.' });
    throw new HttpError('SERVICE_UNAVAILABLE', 'Payment could not be started just now. Please try again in a moment.');
  }
}

/** A repeat whose first attempt committed but never got its checkout (a crash between the two) gets one now. */
async function ensureCheckout(deps: OrdersDeps, orderId: string, origin: string) {
  const order = await findOrderRow(deps.db, orderId);
  if (!order || !holdingStatuses.includes(order.status)) return;
  if ((await openPaymentsOf(deps.db, [orderId])).length > 0) return;
  const [event] = await orderEventsOf(deps.db, [order.event_id]);
  const destination = event
    ? ((
        await deps.db
          .selectFrom('organizations')
          .select('stripe_account_id')
          .where('id', '=', event.organization_id)
          .executeTakeFirst()
      )?.stripe_account_id ?? null)
    : null;
  await insertPayment(deps.db, await newCheckout(deps, order, await itemsOf(deps.db, [orderId]), origin, destination));
}

/** Who may read an order: its buyer (account or access token) or the event's organisation (orders.read). */
async function canRead(deps: OrdersDeps, order: OrderRow, token: string | undefined, userId: string | null) {
  if (isOrderAccessToken(deps.secret, order.id, token)) return true;
  if (!userId) return false;
  if (await isBuyer(deps.db, order, userId)) return true;
  const [event] = await orderEventsOf(deps.db, [order.event_id]);
  return event ? can(await roleIn(deps.db, event.organization_id, userId), 'orders.read') : false;
}

async function isBuyer(db: Db, order: OrderRow, userId: string) {
  if (order.user_id === userId) return true;
  const user = await emailOfUser(db, userId);
  return Boolean(user?.email_confirmed_at) && user?.email.toLowerCase() === order.buyer_email;
}

/** An order for its buyer or organiser; a lapsed hold is settled first so the answer is current. Others: 404. */
export async function getOrder(
  deps: OrdersDeps,
  orderId: string,
  token: string | undefined,
  userId: string | null,
): Promise<Order> {
  let row = await findOrderRow(deps.db, orderId);
  if (!row || !(await canRead(deps, row, token, userId))) throw notFound('That order');
  if (await expireOrder(deps.db, orderId)) row = (await findOrderRow(deps.db, orderId)) ?? row;
  const [order] = await presentOrders(deps.db, [row], deps.imageUrl);
  return order as Order;
}

export async function myOrders(deps: OrdersDeps, userId: string): Promise<{ items: Order[] }> {
  const user = await emailOfUser(deps.db, userId);
  if (!user) throw notFound('That account');
  // An unconfirmed address proves nothing: only orders made while signed in are shown then.
  const email = user.email_confirmed_at ? user.email.toLowerCase() : `unconfirmed:${userId}`;
  let rows = await ordersOfUser(deps.db, userId, email);
  const lapsed = rows.filter(
    (row) => holdingStatuses.includes(row.status) && row.hold_expires_at && new Date(row.hold_expires_at) <= new Date(),
  );
  if (lapsed.length) {
    for (const row of lapsed) await expireOrder(deps.db, row.id);
    rows = await ordersOfUser(deps.db, userId, email);
  }
  return { items: (await presentOrders(deps.db, rows, deps.imageUrl)) as Order[] };
}

/** The buyer gives up a held order: the tickets go back on sale now. */
export async function releaseOrder(
  deps: OrdersDeps,
  orderId: string,
  token: string | undefined,
  userId: string | null,
): Promise<Order> {
  const row = await findOrderRow(deps.db, orderId);
  const mine =
    row && (isOrderAccessToken(deps.secret, orderId, token) || (userId !== null && (await isBuyer(deps.db, row, userId))));
  if (!row || !mine) throw notFound('That order');
  if (!holdingStatuses.includes(row.status)) throw new HttpError('CONFLICT', 'This order is no longer on hold.');
  await expireOrder(deps.db, orderId, { release: 'You released this order.' });
  return getOrder(deps, orderId, token, userId);
}

export function bookingFeeRule(deps: Pick<OrdersDeps, 'db'>): Promise<BookingFeeRule> {
  return currentFeeRule(deps.db);
}
