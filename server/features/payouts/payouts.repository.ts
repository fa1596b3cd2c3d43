import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { CheckoutProvider } from '../../../src/contract/orders.ts';
import type { Db, Executor } from '../../db/database.ts';
import { type KeysetPosition, keysetTime, pastPosition } from '../../db/keyset.ts';

/** Orders paid out per run: a backlog is worked off over a few runs, never in one long transaction. */
const batch = 1000;

/** A payout's reference, as a bank statement line shows it: PO- and ten letters or digits. */
function payoutReference(): string {
  const alphabet = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
  return `PO-${Array.from(randomBytes(10), (byte) => alphabet[byte % alphabet.length]).join('')}`;
}

/**
 * The orders whose money a provider pays out: its own, and for the sandbox also a local instance's demo sales, which
 * no provider took (decision 057), so the demo's payouts page shows its sales and pays them out after each event.
 */
const paidOutBy = (provider: CheckoutProvider) =>
  sql.join((provider === 'sandbox' ? ['sandbox', 'demo'] : [provider]).map((name) => sql`${name}`));

export interface PayoutMade {
  id: string;
  organizationId: string;
  currency: string;
  amount: number;
  orders: number;
}

/**
 * Pays out, in the sandbox, every order of an event that has ended whose net (ticket money less ticket refunds) is
 * above zero and that no payout covers yet, for organisations whose payouts are enabled and that are not
 * suspended: one payout per organisation and currency, one `payout_orders` row and one `payout` ledger entry per
 * order. Every instance may run it at once: the orders are locked with `skip locked` in the same transaction as
 * their payout, and `payout_orders`' key refuses an order paid out twice (that run then makes nothing).
 */
export async function makeSandboxPayouts(db: Db, provider: CheckoutProvider = 'sandbox'): Promise<PayoutMade[]> {
  try {
    return await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: string; event_id: string; currency: string; organization_id: string; net: string }>`
        select o.id, o.event_id, o.currency, e.organization_id,
               (select coalesce(sum(l.amount), 0) from ledger_entries l
                 where l.order_id = o.id and l.kind in ('charge', 'refund')) as net
          from orders o
          join events e on e.id = o.event_id
          join organizations g on g.id = e.organization_id
         where o.provider in (${paidOutBy(provider)})
           and o.status in ('paid', 'partially_refunded')
           and e.ends_at < now()
           and g.payouts_enabled and g.suspended_at is null
           and not exists (select 1 from payout_orders po where po.order_id = o.id)
           and (select coalesce(sum(l.amount), 0) from ledger_entries l
                 where l.order_id = o.id and l.kind in ('charge', 'refund')) > 0
         order by o.id
         limit ${batch}
         for update of o skip locked`.execute(trx);
      const groups = new Map<string, typeof rows>();
      for (const row of rows) {
        const key = `${row.organization_id}|${row.currency}`;
        groups.set(key, [...(groups.get(key) ?? []), row]);
      }
      const made: PayoutMade[] = [];
      for (const orders of groups.values()) {
        const first = orders[0];
        if (!first) continue;
        const amount = orders.reduce((sum, order) => sum + Number(order.net), 0);
        const payout = await trx
          .insertInto('payouts')
          .values({
            organization_id: first.organization_id,
            currency: first.currency,
            amount,
            order_count: orders.length,
            provider,
            reference: payoutReference(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('payout_orders')
          .values(orders.map((order) => ({ order_id: order.id, payout_id: payout.id, amount: Number(order.net) })))
          .execute();
        await trx
          .insertInto('ledger_entries')
          .values(
            orders.map((order) => ({
              order_id: order.id,
              event_id: order.event_id,
              kind: 'payout' as const,
              amount: -Number(order.net),
              currency: order.currency,
              payout_id: payout.id,
              note: 'Paid out',
            })),
          )
          .execute();
        made.push({
          id: payout.id,
          organizationId: first.organization_id,
          currency: first.currency,
          amount,
          orders: orders.length,
        });
      }
      return made;
    });
  } catch (error) {
    // Another instance paid one of these orders out between this run's read and its lock: it is done already.
    if ((error as { code?: string }).code === '23505') return [];
    throw error;
  }
}

/** Money per currency of the organisation's orders `provider` pays out, from the ledger. */
export async function ledgerSums(db: Executor, organizationId: string, provider: CheckoutProvider) {
  const { rows } = await sql<{ currency: string; sold: string; fees: string; refunds: string; paid_out: string }>`
    select l.currency,
           coalesce(sum(l.amount) filter (where l.kind in ('charge', 'booking_fee')), 0) as sold,
           coalesce(sum(l.amount) filter (where l.kind in ('booking_fee', 'booking_fee_refund')), 0) as fees,
           coalesce(-sum(l.amount) filter (where l.kind in ('refund', 'booking_fee_refund')), 0) as refunds,
           coalesce(-sum(l.amount) filter (where l.kind = 'payout'), 0) as paid_out
      from ledger_entries l
      join orders o on o.id = l.order_id
      join events e on e.id = l.event_id
     where e.organization_id = ${organizationId} and o.provider in (${paidOutBy(provider)})
     group by l.currency
     order by l.currency`.execute(db);
  return rows.map((row) => ({
    currency: row.currency,
    sold: Number(row.sold),
    fees: Number(row.fees),
    refunds: Number(row.refunds),
    paidOut: Number(row.paid_out),
  }));
}

/** A page of the organisation's payouts, newest first, after `position`. */
export async function payoutPage(db: Executor, organizationId: string, position: KeysetPosition | null, limit: number) {
  let query = db
    .selectFrom('payouts')
    .select(['id', 'reference', 'currency', 'amount', 'order_count', 'status', 'provider', 'created_at'])
    .where('organization_id', '=', organizationId);
  if (position) {
    query = query.where(pastPosition(['created_at', 'id'], '<', position));
  }
  return query
    .select(keysetTime('created_at').as('position_at'))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function payoutOf(db: Executor, organizationId: string, payoutId: string) {
  return db
    .selectFrom('payouts')
    .select(['id', 'reference', 'currency', 'amount', 'order_count', 'status', 'provider', 'created_at'])
    .where('organization_id', '=', organizationId)
    .where('id', '=', payoutId)
    .executeTakeFirst();
}

export async function payoutOrders(db: Executor, payoutId: string) {
  return db
    .selectFrom('payout_orders')
    .innerJoin('orders', 'orders.id', 'payout_orders.order_id')
    .innerJoin('events', 'events.id', 'orders.event_id')
    .select([
      'orders.id',
      'orders.reference',
      'events.title as eventTitle',
      'orders.buyer_name as buyerName',
      'payout_orders.amount',
    ])
    .where('payout_orders.payout_id', '=', payoutId)
    .orderBy('orders.reference')
    .execute();
}

export async function payoutStanding(db: Executor, organizationId: string) {
  return db
    .selectFrom('organizations')
    .select(['payouts_enabled', 'suspended_at'])
    .where('id', '=', organizationId)
    .executeTakeFirst();
}
