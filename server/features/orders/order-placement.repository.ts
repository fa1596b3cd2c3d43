import { type CompiledQuery, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { statementTemplate } from '../../db/statement-template.ts';
import type { OrdersTable } from '../../db/types.ts';
import { type Counter, hitQuery } from '../../lib/rate-limiter.ts';
import type { NewPayment } from './orders.repository.ts';

// Placing an order: the statements of its transaction, compiled so that they can be sent to the database
// together (see pipelinedTransaction). What it reads first is in sale-context.ts.

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
  /** The order's Idempotency-Key and its scope: an order already placed with it is answered instead. */
  idempotency: { scope: string; key: string };
  /** What the order was priced with: the event's sale version and the fee rule (see sale-context.ts). */
  saleVersion: number;
  ruleId: string | null;
  /** The address's count of orders placed, which this order adds one to, and its limit; null when not limited. */
  counter: (Counter & { limit: number }) | null;
}

const saleGuard = statementTemplate(
  (db, input: SaleGuardInput, shape) => sql`
    with ${
      // The address's count goes up with the order, so it holds the counter's row lock until the order commits
      // or rolls back: the orders of one address are placed one after another, far faster than its limit allows.
      input.counter && shape.endsWith(':limited') ? sql`hit as (${hitQuery(db, input.counter)}),` : sql``
    } buyer_orders as materialized (
      select id, status, hold_expires_at from orders where buyer_email = ${input.email} and event_id = ${input.eventId}
      ${
        // The buyer's orders by email, then (signed in) those by account under another email: each an index lookup.
        shape.startsWith('account')
          ? sql`union all
      select id, status, hold_expires_at from orders
      where user_id = ${input.userId} and event_id = ${input.eventId} and buyer_email <> ${input.email}`
          : sql``
      })
    select case
      when exists (select 1 from orders
        where idempotency_scope = ${input.idempotency.scope} and idempotency_key = ${input.idempotency.key})
        then admit_refuse('repeat', '')
      when event.status is distinct from 'published' then admit_refuse('not_on_sale', event.status)
      when event.sale_version <> ${input.saleVersion}::int or (select id from booking_fee_rules
          where effective_from <= now() order by effective_from desc, created_at desc limit 1)
          is distinct from ${input.ruleId}::uuid
        then admit_refuse('stale', '')
      ${
        input.counter && shape.endsWith(':limited')
          ? sql`when (select hits from hit) > ${input.counter.limit}::int then admit_refuse('address_limit', '')`
          : sql``
      }
      when tickets + ${input.requested}::int > ${input.limit}::int then admit_refuse('buyer_limit', tickets::text)
      else true end as allowed
    from (select 1) as one
    left join (select status, sale_version from events where id = ${input.eventId} for share) as event on true
    cross join (select
      (select coalesce(sum(i.quantity), 0) from buyer_orders o join order_items i on i.order_id = o.id
        where o.status in ('pending', 'failed') and o.hold_expires_at > now())
      + (select count(*) from buyer_orders o join tickets t on t.order_id = o.id where t.status = 'valid') as tickets) as held`,
);

/**
 * Under the buyer's lock, refuses the order (see refusalOf), in this order:
 * - `repeat`: an order was placed with this Idempotency-Key already (it is the answer);
 * - `not_on_sale`: the event is not on sale. Its row is read with a share lock, so a cancellation waits for
 *   sales in progress and a sale waits for a cancellation and then sees it;
 * - `stale`: the order was priced with an event, ticket types or fee rule that have changed since;
 * - `address_limit`: the order would pass its address's limit of orders placed (the count goes up with it);
 * - `buyer_limit`: the tickets the buyer already has for the event (held by live orders plus valid issued
 *   ones) and the `requested` would pass `limit`. Both counts start from the buyer's own orders (by email
 *   or account), so they cost the same however many the event has sold. A lapsed hold no longer counts.
 * A guest's guard has no account to look under, and an order from no known address counts nowhere: each
 * combination has its own shape, whose plan PostgreSQL can reuse.
 */
export const saleGuardQuery = (db: Db, input: SaleGuardInput): CompiledQuery =>
  saleGuard(db, input, `${input.userId === null ? 'guest' : 'account'}:${input.counter ? 'limited' : 'open'}`);

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
