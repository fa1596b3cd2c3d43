import { type CompiledQuery, type Selectable, sql } from 'kysely';
import type { Db } from '../../../db/database.ts';
import { statementTemplate } from '../../../db/statement-template.ts';
import type { OrdersTable } from '../../../db/types.ts';
import { type Counter, hitQuery } from '../../../lib/rate-limiter.ts';
import type { NewPayment } from '../checkout/checkout.repository.ts';
import { feeRuleIdInForce } from '../checkout/fee-rules.repository.ts';
import {
  freeTicketsOfNetwork,
  type NetworkCount,
  networkLock,
  networkLocked,
  paidHoldsOfNetwork,
} from './network-counts.repository.ts';

// Placing an order: the statements of its transaction, compiled so that they can be sent to the database
// together (see pipelinedTransaction). What it reads first is in sale-context.repository.ts.

/**
 * Serialises one buyer's orders for one event (an advisory lock until the transaction ends), so two
 * tabs cannot both pass the per-buyer limit. Its own statement: a statement's snapshot is taken when
 * it starts, so counting in the statement that waited for the lock could miss the other tab's order.
 * An order that must count its network exactly takes the network's lock too (see networkLock).
 */
const lockBuyer = statementTemplate((_db, lock: { key: string; eventId?: string; network?: string }, shape) =>
  shape === 'buyer'
    ? sql`select pg_advisory_xact_lock(hashtext(${lock.key}))`
    : sql`select pg_advisory_xact_lock(hashtext(${lock.key})), ${networkLock(lock.eventId as string, lock.network as string)}`,
);
/** The buyer's lock, and the network's when `network` is given (see networkLock). */
export const lockBuyerQuery = (db: Db, eventId: string, email: string, network: string | null = null): CompiledQuery =>
  network === null
    ? lockBuyer(db, { key: `buyer:${eventId}:${email}` }, 'buyer')
    : lockBuyer(db, { key: `buyer:${eventId}:${email}`, eventId, network }, 'network');

export interface SaleGuardInput {
  eventId: string;
  email: string;
  userId: string | null;
  requested: number;
  limit: number;
  /** The order's Idempotency-Key and its scope: an order already placed with it is answered instead. */
  idempotency: { scope: string; key: string };
  /** What the order was priced with: the event's sale version and the fee rule (see sale-context.service.ts). */
  saleVersion: number;
  /** The order's currency and the rule it was priced with (null: none, no fee). */
  fee: { currency: string; organizationId: string; ruleId: string | null };
  /** The address's count of orders placed, which this order adds one to, and its limit; null when not limited. */
  counter: (Counter & { limit: number }) | null;
  /** Priced as a proven buyer's: refused (`unproven`) unless the account's confirmed email is the buyer email. */
  proofExpected: boolean;
  /** Counted against its network (an unproven buyer's order), or null. */
  network: NetworkCount | null;
  /** The code the order was priced with: the version it had then, and the uses one buyer may make of it. */
  code: { id: string; version: number; perBuyer: number | null } | null;
}

const saleGuard = statementTemplate((db, input: SaleGuardInput, shape) => {
  const [who, limited, network, code] = shape.split(':');
  const net = input.network as NetworkCount;
  const column = sql.ref(network === 'free' ? 'free_tickets' : 'paid_tickets');
  const ctes = [
    // The address's count goes up with the order, so it holds the counter's row lock until the order commits
    // or rolls back: the orders of one address are placed one after another, far faster than its limit allows.
    ...(limited === 'limited' ? [sql`hit as (${hitQuery(db, input.counter as Counter)})`] : []),
    ...(network === 'none'
      ? []
      : [
          sql`net as (insert into network_ticket_counts as c (event_id, network_prefix, ${column})
      values (${input.eventId}, ${net.prefix}, ${input.requested}::int)
      on conflict (event_id, network_prefix) do update set ${column} = c.${column} + excluded.${column}
      returning c.${column} as placed)`,
        ]),
    ...(network === 'free'
      ? [
          sql`mail_network as (${hitQuery(db, net.mail?.network as Counter)})`,
          sql`mail_recipient as (${hitQuery(db, net.mail?.recipient as Counter)})`,
        ]
      : []),
  ];
  return sql`
    with ${sql.join([...ctes, sql``], sql`, `)} buyer_orders as materialized (
      select id, status, hold_expires_at, discount_code_id from orders where buyer_email = ${input.email} and event_id = ${input.eventId}
      ${
        // The buyer's orders by email, then (signed in) those by account under another email: each an index lookup.
        who === 'guest'
          ? sql``
          : sql`union all
      select id, status, hold_expires_at, discount_code_id from orders
      where user_id = ${input.userId} and event_id = ${input.eventId} and buyer_email <> ${input.email}`
      })
    select case
      when exists (select 1 from orders
        where idempotency_scope = ${input.idempotency.scope} and idempotency_key = ${input.idempotency.key})
        then admit_refuse('repeat', '')
      when event.status is distinct from 'published' then admit_refuse('not_on_sale', event.status)
      when event.sale_version <> ${input.saleVersion}::int
          or ${feeRuleIdInForce(input.fee.currency, input.fee.organizationId)} is distinct from ${input.fee.ruleId}::uuid
        then admit_refuse('stale', '')
      ${
        // A code changed since the order was priced is priced again; one buyer's uses of it are their own orders with
        // it that hold or held tickets, counted under the buyer's lock.
        code === 'none'
          ? sql``
          : sql`when (select c.version from discount_codes c where c.id = ${input.code?.id}) is distinct from ${input.code?.version}::int
        then admit_refuse('stale', '')`
      }
      ${
        code === 'per-buyer'
          ? sql`when (select count(*) from buyer_orders b where b.discount_code_id = ${input.code?.id}
          and b.status not in ('expired', 'cancelled')) >= ${input.code?.perBuyer}::int then admit_refuse('code_buyer_limit', '')`
          : sql``
      }
      ${
        who === 'proof'
          ? sql`when not exists (select 1 from users u where u.id = ${input.userId}
          and u.email_confirmed_at is not null and lower(u.email) = ${input.email})
        then admit_refuse('unproven', '')`
          : sql``
      }
      ${limited === 'limited' ? sql`when (select hits from hit) > ${input.counter?.limit}::int then admit_refuse('address_limit', '')` : sql``}
      when tickets + ${input.requested}::int > ${input.limit}::int then admit_refuse('buyer_limit', tickets::text)
      ${
        // The count only ever goes up, so it is at least what the network has: at or under the limit, that is
        // enough. Past it, the network's tickets are counted exactly (no more than the limit's worth to read).
        // That count is whole only under the network's lock, taken before this statement began, and when no
        // order raised the count between this statement's start and its own raise (the count as this statement
        // saw it is what it raised); otherwise the order is placed again, with the lock (see networkLock). Few
        // orders get there, so the lock is taken only when asked for, not by every order of every network.
        network === 'none'
          ? sql``
          : sql`when case when (select placed from net) <= ${net.limit}::int then false
          when ${networkLocked} and (select placed from net) - ${input.requested}::int = coalesce((select c.${column}
            from network_ticket_counts c where c.event_id = ${input.eventId} and c.network_prefix = ${net.prefix}), 0)
          then (select coalesce(sum(i.quantity), 0) from orders o join order_items i on i.order_id = o.id
            where o.event_id = ${input.eventId} and o.network_prefix = ${net.prefix}
            and ${network === 'free' ? freeTicketsOfNetwork : paidHoldsOfNetwork}) + ${input.requested}::int > ${net.limit}::int
          else admit_refuse('network_recheck', '') end
        then admit_refuse(${network === 'free' ? 'network_free' : 'network_held'}, '')`
      }
      ${
        network === 'free'
          ? sql`when (select hits from mail_network) > ${net.mail?.network.limit}::int
          or (select hits from mail_recipient) > ${net.mail?.recipient.limit}::int then admit_refuse('code_mail_limit', '')`
          : sql``
      }
      else true end as allowed
    from (select 1) as one
    left join (select case when o.suspended_at is null then e.status else 'suspended' end as status, e.sale_version
      from events e join organizations o on o.id = e.organization_id where e.id = ${input.eventId} for share of e) as event on true
    cross join (select
      (select coalesce(sum(i.quantity), 0) from buyer_orders o join order_items i on i.order_id = o.id
        where o.status in ('pending', 'failed') and o.hold_expires_at > now())
      + (select count(*) from buyer_orders o join tickets t on t.order_id = o.id where t.status = 'valid') as tickets) as held`;
});

/**
 * Under the buyer's lock, refuses the order (see refusalOf), in this order:
 * - `repeat`: an order was placed with this Idempotency-Key already (it is the answer);
 * - `not_on_sale`: the event is not on sale (or its organiser is suspended). Its row is read with a share lock, so a cancellation waits for
 *   sales in progress and a sale waits for a cancellation and then sees it;
 * - `stale`: the order was priced with an event, ticket types or fee rule that have changed since;
 * - `unproven`: priced as a proven buyer's, but the account's confirmed email is not the buyer email;
 * - `address_limit`: the order would pass its address's limit of orders placed (the count goes up with it);
 * - `buyer_limit`: the tickets the buyer already has for the event (held by live orders plus valid issued
 *   ones) and the `requested` would pass `limit`. Both counts start from the buyer's own orders (by email
 *   or account), so they cost the same however many the event has sold. A lapsed hold no longer counts;
 * - `network_free` / `network_held`: an unproven buyer's network would pass its share of the event's free
 *   tickets, or of its paid tickets held unpaid (see NetworkCount); `network_recheck`: they must be counted
 *   exactly, which takes the network's lock, and the order came without it (it is placed again with it);
 * - `code_mail_limit`: the free order's code mail would pass its network's or its recipient's limit;
 * - `stale` again when the order's discount code changed since it was priced, and `code_buyer_limit` when the buyer's
 *   orders with the code already reach its uses per buyer. Its total uses are counted by codeUseQuery, last.
 * A guest's guard has no account to look under, and an order from no known address counts nowhere: each
 * combination has its own shape, whose plan PostgreSQL can reuse.
 */
export const saleGuardQuery = (db: Db, input: SaleGuardInput): CompiledQuery => {
  const who = input.userId === null ? 'guest' : input.proofExpected ? 'proof' : 'account';
  const code = input.code === null ? 'none' : input.code.perBuyer === null ? 'code' : 'per-buyer';
  return saleGuard(db, input, `${who}:${input.counter ? 'limited' : 'open'}:${input.network?.kind ?? 'none'}:${code}`);
};

/** An order as placed: its row without what the database fills in. */
/** An order to insert; its refund policy as JSON text (statement templates send objects as text). */
export type NewOrder = Omit<
  Selectable<OrdersTable>,
  'refunded' | 'failure_reason' | 'created_at' | 'updated_at' | 'refund_policy'
> & {
  refund_policy: string | null;
};

export interface NewItem {
  ticket_type_id: string;
  name: string;
  quantity: number;
  unit_price: number;
  unit_fee: number;
  holder_names: string;
  /** JSON, as holder_names: the holders' own addresses by the same positions, '' where none. */
  holder_emails: string;
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
/** The CHECK of a quota several types share (migration 0043), broken through the trigger that counts it. */
export const quotaConstraint = 'capacity_quotas_within_capacity';

const lockQuotas = statementTemplate(
  (_db, input: { ids: string }) =>
    sql`select id from capacity_quotas where id = any(${input.ids}::uuid[]) order by id for no key update`,
);

/**
 * Locks the quotas an order's types share, in id order, before any of its stock is taken (decision 061). The trigger
 * that counts a quota locks its row after the type's; without this, an order of two types and an order of one of them
 * sharing a quota would each hold a row the other waits for. NO KEY UPDATE is the lock the trigger's own update takes.
 */
export const lockQuotasQuery = (db: Db, quotaIds: readonly string[]): CompiledQuery =>
  lockQuotas(db, { ids: `{${quotaIds.join(',')}}` });

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

/** The event's ticket types' names, in the event's order, for a sentence about a quota they share. */
export function typeNamesOf(db: Db, eventId: string) {
  return db
    .selectFrom('ticket_types')
    .select(['id', 'name', 'hidden'])
    .where('event_id', '=', eventId)
    .orderBy('sort_order')
    .orderBy('created_at')
    .execute();
}
