import { type SelectQueryBuilder, sql } from 'kysely';
import { type OrderListQuery, referenceCompact, TEST_PROVIDER } from '../../../../src/contract/orders.ts';
import type { Executor } from '../../../db/database.ts';
import type { Database } from '../../../db/types.ts';
import { ledgerMoney, ledgerMoneySums } from '../../../lib/ledger-money.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Orders of an organisation's events, filtered as the organiser asked (pages are applied by the caller). */
function filtered(db: Executor, organizationId: string, query: Omit<OrderListQuery, 'page' | 'pageSize'>) {
  let base = db
    .selectFrom('orders')
    .innerJoin('events', 'events.id', 'orders.event_id')
    .where('events.organization_id', '=', organizationId);
  if (query.eventId) base = base.where('orders.event_id', '=', query.eventId);
  if (query.from) base = base.where('orders.created_at', '>=', new Date(query.from));
  if (query.to) base = base.where('orders.created_at', '<', new Date(query.to));
  if (query.status) base = base.where('orders.status', '=', query.status);
  if (query.test !== undefined) base = base.where('orders.provider', query.test ? '=' : '<>', TEST_PROVIDER);
  const terms = query.q?.trim();
  if (terms) {
    const like = `%${escapeLike(terms)}%`;
    // A reference is typed in any case, with or without its dash (`qgge6jgs` for QGGE-6JGS), whole or in part.
    const compact = referenceCompact(terms);
    base = base.where((eb) =>
      eb.or([
        compact
          ? eb(sql<string>`replace(orders.reference, '-', '')`, 'ilike', `%${escapeLike(compact)}%`)
          : eb('orders.reference', 'ilike', like),
        eb('orders.buyer_email', 'ilike', like),
        eb('orders.buyer_name', 'ilike', like),
      ]),
    );
  }
  return base;
}

type Filtered = ReturnType<typeof filtered>;

export async function organisationOrderRows(
  db: Executor,
  organizationId: string,
  query: Omit<OrderListQuery, 'page' | 'pageSize'>,
  page: { limit: number; offset: number },
) {
  const base = filtered(db, organizationId, query);
  const total = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const items = await base
    .selectAll('orders')
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { items, total: Number(total.n) };
}

const paidStatuses = ['paid', 'partially_refunded'] as const;

/** Paid TEST orders among the filtered ones: the organiser sees how many were left out of the money. */
export async function testOrderCount(db: Executor, organizationId: string, query: Omit<OrderListQuery, 'page' | 'pageSize'>) {
  const row = await filtered(db, organizationId, query)
    .where('orders.provider', '=', TEST_PROVIDER)
    .where('orders.status', 'in', paidStatuses)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Money per currency over the filtered orders, from the ledger: gross is what buyers paid, fees
 * what the platform keeps (net of fee refunds), refunds what went back, net the organiser's share.
 * TEST orders (paid in the sandbox) moved play money: they are never counted.
 */
export async function moneyTotals(db: Executor, organizationId: string, query: Omit<OrderListQuery, 'page' | 'pageSize'>) {
  const real = () => filtered(db, organizationId, query).where('orders.provider', '<>', TEST_PROVIDER);
  const orderIds = (base: Filtered) =>
    base.select('orders.id') as unknown as SelectQueryBuilder<Database, 'orders', { id: string }>;
  const money = await db
    .selectFrom('ledger_entries')
    .where('ledger_entries.order_id', 'in', orderIds(real()))
    .select([
      'ledger_entries.currency',
      ledgerMoneySums.gross.as('gross'),
      ledgerMoneySums.fees.as('fees'),
      ledgerMoneySums.refunds.as('refunds'),
    ])
    .groupBy('ledger_entries.currency')
    .execute();
  const counts = await real()
    .where('orders.status', 'in', paidStatuses)
    .select([
      'orders.currency',
      sql<string>`count(*)`.as('orders'),
      sql<string>`coalesce(sum((select count(*) from tickets t where t.order_id = orders.id and t.status = 'valid')), 0)`.as(
        'tickets',
      ),
    ])
    .groupBy('orders.currency')
    .execute();
  const currencies = [...new Set([...money.map((row) => row.currency), ...counts.map((row) => row.currency)])].sort();
  return currencies.map((currency) => {
    const row = money.find((candidate) => candidate.currency === currency);
    const count = counts.find((candidate) => candidate.currency === currency);
    return {
      currency,
      ...ledgerMoney(row),
      orders: Number(count?.orders ?? 0),
      tickets: Number(count?.tickets ?? 0),
    };
  });
}

/** Everything that happened to an order, for its history. */
export async function orderHistoryRows(db: Executor, orderId: string) {
  const [events, ledger, refunds] = await Promise.all([
    db
      .selectFrom('payment_events')
      .select(['received_at', 'type', 'outcome'])
      .where('order_id', '=', orderId)
      .orderBy('received_at')
      .execute(),
    db
      .selectFrom('ledger_entries')
      .select(['created_at', 'kind', 'amount', 'note'])
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('refunds')
      .select(['created_at', 'completed_at', 'amount', 'reason', 'status', 'last_error'])
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .execute(),
  ]);
  return { events, ledger, refunds };
}

export function signingKeyOf(db: Executor, eventId: string) {
  return db.selectFrom('event_signing_keys').select(['id', 'public_key']).where('event_id', '=', eventId).execute();
}

export function revokedTicketsOf(db: Executor, eventId: string) {
  return db.selectFrom('ticket_revocations').select('ticket_id').where('event_id', '=', eventId).orderBy('revoked_at').execute();
}
