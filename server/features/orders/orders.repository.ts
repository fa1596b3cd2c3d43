import { type Kysely, sql, type Transaction } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { BookingFeeRule } from '../../../src/contract/orders.ts';
import type { Database, OrderStatus, ProviderName } from '../../db/types.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** Statuses whose order still holds its tickets (a failed attempt may be retried while the hold lasts). */
export const holdingStatuses: OrderStatus[] = ['pending', 'failed'];
/** Statuses whose tickets were issued (some may have been refunded since). */
export const paidStatuses: OrderStatus[] = ['paid', 'partially_refunded', 'refunded'];

export async function currentFeeRule(db: Executor): Promise<BookingFeeRule> {
  const row = await db
    .selectFrom('booking_fee_rules')
    .select(['percent_basis_points', 'fixed', 'cap_per_ticket'])
    .where('effective_from', '<=', sql<Date>`now()`)
    .orderBy('effective_from', 'desc')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  // With no rule the platform charges nothing rather than refusing to sell.
  return row
    ? { percentBasisPoints: row.percent_basis_points, fixed: row.fixed, capPerTicket: row.cap_per_ticket }
    : { percentBasisPoints: 0, fixed: 0, capPerTicket: null };
}

export const orderEventColumns = [
  'events.id',
  'events.organization_id',
  'events.title',
  'events.starts_at',
  'events.ends_at',
  'events.timezone',
  'events.is_online',
  'events.online_url',
  'events.venue_name',
  'events.address',
  'events.city',
  'events.cover_image_key',
  'events.status',
] as const;

/**
 * Everything placing an order checks before its transaction, in one round trip: an earlier order
 * with the same key, the event, its ticket types, the fee rule and lapsed holds to release first.
 * (Timestamps inside the JSON come back as ISO strings.)
 */
export function bookingContext(db: Executor, input: { eventId: string; scope: string; key: string }) {
  return db
    .selectNoFrom((eb) => [
      jsonObjectFrom(
        eb
          .selectFrom('orders')
          .select(['orders.id', 'orders.request_hash'])
          .where('orders.idempotency_scope', '=', input.scope)
          .where('orders.idempotency_key', '=', input.key),
      ).as('existing'),
      jsonObjectFrom(
        eb
          .selectFrom('events')
          .innerJoin('organizations', 'organizations.id', 'events.organization_id')
          .select([...orderEventColumns, 'events.hold_minutes', 'organizations.stripe_account_id'])
          .where('events.id', '=', input.eventId),
      ).as('event'),
      jsonArrayFrom(
        eb.selectFrom('ticket_types').selectAll('ticket_types').where('ticket_types.event_id', '=', input.eventId),
      ).as('types'),
      jsonObjectFrom(
        eb
          .selectFrom('booking_fee_rules')
          .select(['percent_basis_points', 'fixed', 'cap_per_ticket'])
          .where('effective_from', '<=', sql<Date>`now()`)
          .orderBy('effective_from', 'desc')
          .orderBy('created_at', 'desc')
          .limit(1),
      ).as('rule'),
      jsonArrayFrom(
        eb
          .selectFrom('orders')
          .select('orders.id')
          .where('orders.event_id', '=', input.eventId)
          .where('orders.status', 'in', holdingStatuses)
          .where('orders.hold_expires_at', '<=', sql<Date>`now()`)
          .limit(20),
      ).as('lapsed'),
    ])
    .executeTakeFirstOrThrow();
}
export type BookingContext = Awaited<ReturnType<typeof bookingContext>>;

export function findOrderByKey(db: Executor, scope: string, key: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'request_hash'])
    .where('idempotency_scope', '=', scope)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export function findOrderRow(db: Executor, id: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}
export type OrderRow = NonNullable<Awaited<ReturnType<typeof findOrderRow>>>;

/**
 * The order row, locked until the transaction ends: payments, expiry and refunds of one order queue
 * up here. NO KEY UPDATE, because rows that reference the order (payment events, tickets) take KEY
 * SHARE locks on it, and FOR UPDATE against those would deadlock two webhooks for one order.
 */
export function lockOrder(trx: Transaction<Database>, id: string) {
  return trx.selectFrom('orders').selectAll().where('id', '=', id).forNoKeyUpdate().executeTakeFirst();
}

export function itemsOf(db: Executor, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('ticket_type_id')
    .execute();
}
export type OrderItemRow = Awaited<ReturnType<typeof itemsOf>>[number];

export function ticketsOf(db: Executor, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tickets')
    .innerJoin('ticket_types', 'ticket_types.id', 'tickets.ticket_type_id')
    .leftJoin('ticket_admissions', 'ticket_admissions.ticket_id', 'tickets.id')
    .selectAll('tickets')
    .select(['ticket_types.name as type_name', 'ticket_admissions.scanned_at as checked_in_at'])
    .where('tickets.order_id', 'in', orderIds)
    .orderBy('tickets.order_id')
    .orderBy('tickets.position')
    .execute();
}
export type TicketRow = Awaited<ReturnType<typeof ticketsOf>>[number];

/** The latest checkout of each order that can still take a payment. */
export function openPaymentsOf(db: Executor, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .where('status', '=', 'open')
    .orderBy('created_at', 'desc')
    .execute();
}

/** What an order view needs of its event. */
export function orderEventsOf(db: Executor, eventIds: string[]) {
  if (eventIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('events')
    .select([
      'id',
      'organization_id',
      'title',
      'starts_at',
      'ends_at',
      'timezone',
      'is_online',
      'online_url',
      'venue_name',
      'address',
      'city',
      'cover_image_key',
      'status',
    ])
    .where('id', 'in', eventIds)
    .execute();
}
export type OrderEventRow = Awaited<ReturnType<typeof orderEventsOf>>[number];

/**
 * Serialises one buyer's orders for one event (an advisory lock until the transaction ends), so two
 * tabs cannot both pass the per-buyer limit. Its own statement: a statement's snapshot is taken when
 * it starts, so counting in the statement that waited for the lock could miss the other tab's order.
 */
export async function lockBuyer(trx: Transaction<Database>, eventId: string, email: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`buyer:${eventId}:${email}`}))`.execute(trx);
}

/**
 * Under the buyer's lock: the event's status, read with a share lock (a cancellation waits for sales
 * in progress, and a sale waits for a cancellation in progress and then sees it), and the tickets
 * the buyer already has for the event — held by live orders plus valid issued ones.
 */
export async function saleGuard(trx: Transaction<Database>, eventId: string, email: string, userId: string | null) {
  const { rows } = await sql<{ status: string | null; held: string | null; issued: string | null }>`
    select
      (select status from events where id = ${eventId} for share) as status,
      (select coalesce(sum(i.quantity), 0) from order_items i join orders o on o.id = i.order_id
        where o.event_id = ${eventId} and o.status in ('pending', 'failed')
          and (o.buyer_email = ${email} or o.user_id = ${userId})) as held,
      (select count(*) from tickets t join orders o on o.id = t.order_id
        where t.event_id = ${eventId} and t.status = 'valid'
          and (o.buyer_email = ${email} or o.user_id = ${userId})) as issued`.execute(trx);
  const row = rows[0];
  return { status: row?.status ?? null, tickets: Number(row?.held ?? 0) + Number(row?.issued ?? 0) };
}

/**
 * Reserves tickets of one type: held for a pending order, or sold at once for a free one. The
 * condition and the CHECK (sold + held <= capacity) both refuse an oversell; no row means not enough left.
 */
export async function reserveTickets(
  trx: Transaction<Database>,
  ticketTypeId: string,
  quantity: number,
  as: 'held' | 'sold',
): Promise<boolean> {
  const row = await trx
    .updateTable('ticket_types')
    .set((eb) => (as === 'held' ? { held: eb('held', '+', quantity) } : { sold: eb('sold', '+', quantity) }))
    .where('id', '=', ticketTypeId)
    .where(sql<boolean>`sold + held + ${quantity} <= capacity`)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A held reservation becomes a sale (payment arrived in time). */
export async function convertHeldToSold(trx: Transaction<Database>, ticketTypeId: string, quantity: number): Promise<void> {
  await trx
    .updateTable('ticket_types')
    .set((eb) => ({ held: eb('held', '-', quantity), sold: eb('sold', '+', quantity) }))
    .where('id', '=', ticketTypeId)
    .execute();
}

export async function releaseHeld(trx: Transaction<Database>, ticketTypeId: string, quantity: number): Promise<void> {
  await trx
    .updateTable('ticket_types')
    .set((eb) => ({ held: eb('held', '-', quantity) }))
    .where('id', '=', ticketTypeId)
    .execute();
}

/** Refunded or voided tickets go back on sale. */
export async function releaseSold(trx: Transaction<Database>, ticketTypeId: string, quantity: number): Promise<void> {
  await trx
    .updateTable('ticket_types')
    .set((eb) => ({ sold: eb('sold', '-', quantity) }))
    .where('id', '=', ticketTypeId)
    .execute();
}

export function availableOf(db: Executor, ticketTypeId: string) {
  return db
    .selectFrom('ticket_types')
    .select(['name', sql<number>`capacity - sold - held`.as('available')])
    .where('id', '=', ticketTypeId)
    .executeTakeFirst();
}

export interface NewOrder {
  id: string;
  reference: string;
  event_id: string;
  user_id: string | null;
  buyer_name: string;
  buyer_email: string;
  status: OrderStatus;
  currency: string;
  subtotal: number;
  booking_fee: number;
  total: number;
  provider: ProviderName;
  hold_expires_at: Date | null;
  idempotency_scope: string;
  idempotency_key: string;
  request_hash: string;
  paid_at: Date | null;
}

export interface NewItem {
  ticket_type_id: string;
  name: string;
  quantity: number;
  unit_price: number;
  unit_fee: number;
  holder_names: string;
}

export interface NewPayment {
  order_id: string;
  provider: 'sandbox' | 'stripe';
  session_id: string;
  checkout_url: string;
  amount: number;
  currency: string;
  expires_at: Date;
}

/** The order, its items and (when known already) its checkout, in one statement. */
export async function insertOrder(trx: Transaction<Database>, order: NewOrder, items: NewItem[], payment: NewPayment | null) {
  const rows = items.map((item) => ({ order_id: order.id, ...item }));
  const withOrder = trx.with('new_order', (db) => db.insertInto('orders').values(order).returning('id'));
  if (payment) {
    await withOrder
      .with('new_payment', (db) => db.insertInto('payments').values(payment).returning('id'))
      .insertInto('order_items')
      .values(rows)
      .execute();
  } else {
    await withOrder.insertInto('order_items').values(rows).execute();
  }
}

export async function setOrderStatus(
  trx: Transaction<Database>,
  id: string,
  values: { status: OrderStatus; failure_reason?: string | null; paid_at?: Date; refunded?: number },
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Orders whose hold has lapsed but still count as held; `eventId` narrows to one event. */
export function lapsedHolds(db: Executor, limit: number, eventId?: string) {
  let query = db
    .selectFrom('orders')
    .select('id')
    .where('status', 'in', holdingStatuses)
    .where('hold_expires_at', '<=', sql<Date>`now()`);
  if (eventId) query = query.where('event_id', '=', eventId);
  return query.orderBy('hold_expires_at').limit(limit).execute();
}

export async function insertPayment(db: Executor, payment: NewPayment): Promise<void> {
  await db.insertInto('payments').values(payment).execute();
}

export async function expireOpenPayments(trx: Transaction<Database>, orderId: string): Promise<void> {
  await trx
    .updateTable('payments')
    .set({ status: 'expired', updated_at: new Date() })
    .where('order_id', '=', orderId)
    .where('status', '=', 'open')
    .execute();
}

/** Orders linked to the account or bought with its email, newest event first. */
export function ordersOfUser(db: Executor, userId: string, email: string) {
  return db
    .selectFrom('orders')
    .innerJoin('events', 'events.id', 'orders.event_id')
    .selectAll('orders')
    .where((eb) => eb.or([eb('orders.user_id', '=', userId), eb('orders.buyer_email', '=', email)]))
    .where('orders.status', 'in', ['pending', 'failed', 'paid', 'partially_refunded', 'refunded', 'cancelled'])
    .orderBy('events.starts_at', 'desc')
    .orderBy('orders.created_at', 'desc')
    .limit(200)
    .execute();
}

export function emailOfUser(db: Executor, userId: string) {
  return db.selectFrom('users').select(['email', 'email_confirmed_at']).where('id', '=', userId).executeTakeFirst();
}

/** The caller's role in the organisation, if any. */
export async function roleIn(db: Executor, organizationId: string, userId: string) {
  const row = await db
    .selectFrom('organization_members')
    .select('role')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role ?? null;
}
