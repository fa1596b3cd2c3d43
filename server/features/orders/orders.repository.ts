import { sql, type Transaction } from 'kysely';
import type { OrderStatus } from '../../../src/contract/orders.ts';
import type { RefundPolicy } from '../../../src/contract/refund-policy-text.ts';
import type { Executor } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { quotaSetLock } from '../../lib/capacity-quotas.ts';
import { holdsStock } from '../../lib/held-tickets.ts';

/** Statuses whose order still holds its tickets (a failed attempt may be retried while the hold lasts); `holdsStock` in SQL. */
export const holdingStatuses: OrderStatus[] = ['pending', 'failed'];
/** Statuses whose tickets were issued (some may have been refunded since). */
export const paidStatuses: OrderStatus[] = ['paid', 'partially_refunded', 'refunded'];

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
  'events.refund_policy',
  'events.buyer_cancellation',
  'events.transfer_cutoff_hours',
] as const;

export function findOrderByKey(db: Executor, scope: string, key: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'request_hash'])
    .where('idempotency_scope', '=', scope)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** An order's refund policy as the JSON text its column is written with. */
export const policyText = (policy: RefundPolicy | null): string | null => (policy ? JSON.stringify(policy) : null);

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

/** What an order view needs of its event. */
export function orderEventsOf(db: Executor, eventIds: string[]) {
  if (eventIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('events').select(orderEventColumns).where('id', 'in', eventIds).execute();
}
export type OrderEventRow = Awaited<ReturnType<typeof orderEventsOf>>[number];

/**
 * Takes tickets of one type from stock, held for a pending order or sold at once. The condition and the
 * CHECK (taken <= capacity) both refuse an oversell; false means not enough left.
 */
export async function reserveTickets(trx: Transaction<Database>, ticketTypeId: string, quantity: number): Promise<boolean> {
  const row = await trx
    .updateTable('ticket_types')
    .set((eb) => ({ taken: eb('taken', '+', quantity) }))
    .where('id', '=', ticketTypeId)
    .where(sql<boolean>`taken + ${quantity} <= capacity`)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Before stock is taken or given back outside an order's placement (a release, a late payment): the event's quota lock
 * shared, so the quotas and the types they hold stay as they are until the transaction ends, then the quotas the types
 * share, in id order, as a placement locks them (decision 061). Two statements: one that waited for the first lock
 * would read the quotas as they were before it waited. Answers the quotas locked, with their counts.
 */
export async function lockQuotasOf(trx: Transaction<Database>, eventId: string, ticketTypeIds: readonly string[]) {
  await quotaSetLock(eventId, 'shared').execute(trx);
  if (ticketTypeIds.length === 0) return [];
  return trx
    .selectFrom('capacity_quotas')
    .select([
      'id',
      'capacity',
      'taken',
      'all_types',
      sql<string[]>`array(select m.ticket_type_id from capacity_quota_types m where m.quota_id = capacity_quotas.id)`.as(
        'ticket_type_ids',
      ),
    ])
    .where('event_id', '=', eventId)
    .where((eb) =>
      eb.or([
        eb('all_types', '=', true),
        eb(
          'id',
          'in',
          eb
            .selectFrom('capacity_quota_types')
            .select('quota_id')
            .where('ticket_type_id', 'in', [...ticketTypeIds]),
        ),
      ]),
    )
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
}

/** Tickets of one type go back on sale (see releaseStock, which locks what it must first). */
async function releaseTickets(trx: Transaction<Database>, ticketTypeId: string, quantity: number): Promise<void> {
  await trx
    .updateTable('ticket_types')
    .set((eb) => ({ taken: eb('taken', '-', quantity) }))
    .where('id', '=', ticketTypeId)
    .execute();
}

/**
 * Tickets go back on sale: a hold that lapsed or was given up, refunded tickets. Their quotas first, then each type
 * in id order, the order every writer of stock keeps.
 */
export async function releaseStock(
  trx: Transaction<Database>,
  eventId: string,
  items: readonly { ticket_type_id: string; quantity: number }[],
): Promise<void> {
  const perType = new Map<string, number>();
  for (const item of items) perType.set(item.ticket_type_id, (perType.get(item.ticket_type_id) ?? 0) + item.quantity);
  const sorted = [...perType].sort(([a], [b]) => a.localeCompare(b));
  await lockQuotasOf(
    trx,
    eventId,
    sorted.map(([ticketTypeId]) => ticketTypeId),
  );
  for (const [ticketTypeId, quantity] of sorted) await releaseTickets(trx, ticketTypeId, quantity);
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
  let query = db.selectFrom('orders').select('id').where(holdsStock).where('hold_expires_at', '<=', sql<Date>`now()`);
  if (eventId) query = query.where('event_id', '=', eventId);
  return query.orderBy('hold_expires_at').limit(limit).execute();
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
