import { type CompiledQuery, type Selectable, sql } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../db/database.ts';
import { statementTemplate } from '../../db/statement-template.ts';
import type { OrdersTable } from '../../db/types.ts';
import { countedRead } from '../../lib/rate-limiter.ts';
import { holdsStock, type NewPayment, orderEventColumns } from './orders.repository.ts';

// Placing an order: what it reads first, and the statements of its transaction, compiled so that
// they can be sent to the database together (see pipelinedTransaction).

/**
 * Everything placing an order checks before its transaction, in one round trip: an earlier order
 * with the same key, the event, its ticket types and signing key, the fee rule and lapsed holds to
 * release first.
 * (Timestamps inside the JSON come back as ISO strings.)
 */
export function bookingContextRead(db: Db, input: BookingContextInput) {
  return db.selectNoFrom((eb) => [
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
    jsonArrayFrom(eb.selectFrom('ticket_types').selectAll('ticket_types').where('ticket_types.event_id', '=', input.eventId)).as(
      'types',
    ),
    // The event's signing key, for a free order's tickets (absent until the event's first sale).
    jsonObjectFrom(
      eb
        .selectFrom('event_signing_keys')
        .select('event_signing_keys.private_key')
        .where('event_signing_keys.event_id', '=', input.eventId),
    ).as('signingKey'),
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
        .where(holdsStock)
        .where('orders.hold_expires_at', '<=', sql<Date>`now()`)
        .limit(20),
    ).as('lapsed'),
  ]);
}
export interface BookingContextInput {
  eventId: string;
  scope: string;
  key: string;
}
export const bookingContextQuery = statementTemplate(bookingContextRead);
/** The booking context read with the address's order counted (see countedRead). */
export const countedBookingContextQuery = countedRead(bookingContextRead);
export type BookingContext = NonNullable<Awaited<ReturnType<ReturnType<typeof bookingContextRead>['executeTakeFirstOrThrow']>>>;

/**
 * Serialises one buyer's orders for one event (an advisory lock until the transaction ends), so two
 * tabs cannot both pass the per-buyer limit. Its own statement: a statement's snapshot is taken when
 * it starts, so counting in the statement that waited for the lock could miss the other tab's order.
 */
const lockBuyer = statementTemplate((_db, lock: { key: string }) => sql`select pg_advisory_xact_lock(hashtext(${lock.key}))`);
export const lockBuyerQuery = (db: Db, eventId: string, email: string): CompiledQuery =>
  lockBuyer(db, { key: `buyer:${eventId}:${email}` });

export interface SaleGuardInput {
  eventId: string;
  email: string;
  userId: string | null;
  requested: number;
  limit: number;
}

const saleGuard = statementTemplate(
  (_db, input: SaleGuardInput, shape) => sql`
    with buyer_orders as materialized (
      select id, status from orders where buyer_email = ${input.email} and event_id = ${input.eventId}
      ${
        // The buyer's orders by email, then (signed in) those by account under another email: each an index lookup.
        shape === 'account'
          ? sql`union all
      select id, status from orders where user_id = ${input.userId} and event_id = ${input.eventId} and buyer_email <> ${input.email}`
          : sql``
      })
    select case
      when status is distinct from 'published' then admit_refuse('not_on_sale', status)
      when tickets + ${input.requested}::int > ${input.limit}::int then admit_refuse('buyer_limit', tickets::text)
      else true end as allowed
    from (select
      (select status from events where id = ${input.eventId} for share) as status,
      (select coalesce(sum(i.quantity), 0) from buyer_orders o join order_items i on i.order_id = o.id
        where o.status in ('pending', 'failed'))
      + (select count(*) from buyer_orders o join tickets t on t.order_id = o.id where t.status = 'valid') as tickets) as guard`,
);

/**
 * Under the buyer's lock, refuses the order (see refusalOf) when the event is not on sale — its status
 * read with a share lock, so a cancellation waits for sales in progress and a sale waits for a
 * cancellation and then sees it — or when the tickets the buyer already has for the event (held by live
 * orders plus valid issued ones) and the `requested` would pass `limit`. Both counts start from the
 * buyer's own orders (by email or account), so they cost the same however many the event has sold.
 * A guest's guard has no account to look under: its own shape, whose plan PostgreSQL can reuse.
 */
export const saleGuardQuery = (db: Db, input: SaleGuardInput): CompiledQuery =>
  saleGuard(db, input, input.userId === null ? 'guest' : 'account');

/** An order as placed: its row without what the database fills in. */
export type NewOrder = Omit<Selectable<OrdersTable>, 'refunded' | 'failure_reason' | 'created_at' | 'updated_at'>;

export interface NewItem {
  ticket_type_id: string;
  name: string;
  quantity: number;
  unit_price: number;
  unit_fee: number;
  holder_names: string;
}

/**
 * The order, its items, (when known already) its checkout and (given `stock`) the tickets of its one
 * type taken from stock, in one statement. Orders of several types take their stock with reserveQuery,
 * one type at a time in a fixed order.
 */
export function insertOrderQuery(
  db: Db,
  order: NewOrder,
  items: NewItem[],
  options: { payment: NewPayment | null; stock: { ticketTypeId: string; quantity: number } | null },
): CompiledQuery {
  const { payment, stock } = options;
  const rows = items.map((item) => ({ order_id: order.id, ...item }));
  return insertOrder(db, { order, rows, payment, stock }, `${rows.length}${payment ? ':payment' : ''}${stock ? ':stock' : ''}`);
}

const insertOrder = statementTemplate(
  (
    db,
    values: {
      order: NewOrder;
      rows: (NewItem & { order_id: string })[];
      payment: NewPayment | null;
      stock: { ticketTypeId: string; quantity: number } | null;
    },
    shape,
  ) => {
    const { order, rows, payment, stock } = values;
    const withOrder = db.with('new_order', (q) => q.insertInto('orders').values(order).returning('id'));
    const withPayment =
      payment && shape.includes(':payment')
        ? withOrder.with('new_payment', (q) => q.insertInto('payments').values(payment).returning('id'))
        : withOrder;
    const withStock =
      stock && shape.includes(':stock')
        ? withPayment.with('taken', (q) =>
            q
              .updateTable('ticket_types')
              .set((eb) => ({ taken: eb('taken', '+', stock.quantity) }))
              .where('id', '=', stock.ticketTypeId)
              .returning('id'),
          )
        : withPayment;
    return withStock.insertInto('order_items').values(rows);
  },
);

export const capacityConstraint = 'ticket_types_within_capacity';

/**
 * Takes tickets of one type from stock, held for a pending order or sold for a free one. Not enough left
 * is refused by the CHECK (taken <= capacity), whose error rolls the whole placement back: a refusal
 * the database makes needs no answer read before the COMMIT is sent.
 */
export function reserveQuery(db: Db, ticketTypeId: string, quantity: number): CompiledQuery {
  return db
    .updateTable('ticket_types')
    .set((eb) => ({ taken: eb('taken', '+', quantity) }))
    .where('id', '=', ticketTypeId)
    .compile();
}

export function availableOf(db: Db, ticketTypeId: string) {
  return db
    .selectFrom('ticket_types')
    .select(['name', sql<number>`capacity - taken`.as('available')])
    .where('id', '=', ticketTypeId)
    .executeTakeFirst();
}
