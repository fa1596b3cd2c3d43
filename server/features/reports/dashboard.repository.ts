import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { heldForType } from '../../lib/held-tickets.ts';

/** The organisation's events, or the one asked for: every dashboard query is scoped through this. */
export interface Scope {
  organizationId: string;
  eventId: string | null;
}

export const eventsIn = (scope: Scope) =>
  scope.eventId
    ? sql`select id from events where organization_id = ${scope.organizationId} and id = ${scope.eventId}`
    : sql`select id from events where organization_id = ${scope.organizationId}`;

/*
 * Orders, tickets, money and admissions are summed from the rollups that migration 0035's triggers keep as those rows
 * are written (decision 043): a poll reads a few rows per event and day, not every order. Their sums are the same as
 * `ledgerMoneySums` and the sold definition (valid tickets of paid or partly refunded orders); a test checks them
 * against the rows.
 */
const paidStatuses = sql`('paid', 'partially_refunded')`;

export async function ordersByStatus(db: Executor, scope: Scope) {
  const { rows } = await sql<{ status: string; n: string }>`
    select status, sum(orders) as n from event_order_days
    where event_id in (${eventsIn(scope)})
    group by status having sum(orders) > 0 order by status`.execute(db);
  return rows.map((row) => ({ status: row.status, count: Number(row.n) }));
}

/**
 * Per currency: what buyers paid, booking fees and refunds (as `ledgerMoneySums` sums them), with the paid orders and
 * their valid tickets; TEST orders left out. And how many paid TEST orders were left out.
 */
export async function moneyAndCounts(db: Executor, scope: Scope) {
  const money = await sql<{ currency: string; gross: string; fees: string; refunds: string }>`
    select currency, sum(gross) as gross, sum(fees) as fees, sum(refunds) as refunds from event_money_days
    where event_id in (${eventsIn(scope)}) and not test
    group by currency`.execute(db);
  const counts = await sql<{ currency: string; test: boolean; orders: string; tickets: string }>`
    select currency, test, sum(orders) as orders, sum(tickets) as tickets from event_order_days
    where event_id in (${eventsIn(scope)}) and status in ${paidStatuses}
    group by currency, test`.execute(db);
  return { money: money.rows, counts: counts.rows };
}

/**
 * Sold against capacity per ticket type, the latest events first (at most `limit` types). Sold is the type's stock
 * taken less what live orders hold (decision 016): the same count as valid tickets of paid orders, without
 * counting them on every poll.
 */
export async function ticketTypeSales(db: Executor, scope: Scope, limit: number) {
  const { rows } = await sql<{ id: string; event_id: string; event_title: string; name: string; capacity: number; sold: number }>`
    select ticket_types.id, ticket_types.event_id, e.title as event_title, ticket_types.name, ticket_types.capacity,
      ticket_types.taken - ${heldForType()} as sold
    from ticket_types join events e on e.id = ticket_types.event_id
    where ticket_types.event_id in (${eventsIn(scope)})
    order by e.starts_at desc, e.id, ticket_types.sort_order, ticket_types.id
    limit ${limit}`.execute(db);
  return rows.map((row) => ({ ...row, sold: Number(row.sold) }));
}

/** The door's counts: sold tickets (as above) and admissions (one row per ticket, so never counted twice). */
export async function doorCounts(db: Executor, scope: Scope) {
  const { rows } = await sql<{ sold: string; checked_in: string; inside: string }>`
    select
      (select coalesce(sum(ticket_types.taken - ${heldForType()}), 0) from ticket_types
        where ticket_types.event_id in (${eventsIn(scope)})) as sold,
      coalesce(sum(a.admitted), 0) as checked_in, coalesce(sum(a.inside), 0) as inside
    from event_admission_counts a where a.event_id in (${eventsIn(scope)})`.execute(db);
  const row = rows[0];
  return { sold: Number(row?.sold ?? 0), checkedIn: Number(row?.checked_in ?? 0), inside: Number(row?.inside ?? 0) };
}

export async function pageViews(db: Executor, scope: Scope): Promise<number> {
  const { rows } = await sql<{ n: string | null }>`
    select coalesce(sum(views), 0) as n from event_page_views where event_id in (${eventsIn(scope)})`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Valid tickets of paid orders per UTC day of payment, from `since` (a UTC midnight) on. */
export async function dailyTickets(db: Executor, scope: Scope, since: Date) {
  const { rows } = await sql<{ day: string; n: string }>`
    select to_char(day, 'YYYY-MM-DD') as day, sum(tickets) as n from event_order_days
    where event_id in (${eventsIn(scope)}) and status in ${paidStatuses} and day >= ${since.toISOString().slice(0, 10)}::date
    group by day`.execute(db);
  return new Map(rows.map((row) => [row.day, Number(row.n)]));
}

/** What buyers paid (charges and booking fees) per UTC day and currency from `since` on; TEST orders left out. */
export async function dailyRevenue(db: Executor, scope: Scope, since: Date) {
  const { rows } = await sql<{ day: string; currency: string; gross: string }>`
    select to_char(day, 'YYYY-MM-DD') as day, currency, sum(gross) as gross from event_money_days
    where event_id in (${eventsIn(scope)}) and not test and day >= ${since.toISOString().slice(0, 10)}::date
    group by day, currency`.execute(db);
  return rows.map((row) => ({ day: row.day, currency: row.currency, gross: Number(row.gross) }));
}

/** Refunds of the organisation's orders pending since before `pendingBefore`, and failed since `failedSince`. */
export async function refundTrouble(db: Executor, organizationId: string, pendingBefore: Date, failedSince: Date) {
  const { rows } = await sql<{ pending: string; failed: string }>`
    select count(*) filter (where r.status = 'pending') as pending, count(*) filter (where r.status = 'failed') as failed
    from refunds r join orders o on o.id = r.order_id join events e on e.id = o.event_id
    where e.organization_id = ${organizationId}
      and ((r.status = 'pending' and r.created_at < ${pendingBefore}) or (r.status = 'failed' and r.created_at >= ${failedSince}))`.execute(
    db,
  );
  return { pending: Number(rows[0]?.pending ?? 0), failed: Number(rows[0]?.failed ?? 0) };
}

export function organizationEvents(db: Executor, organizationId: string, limit: number) {
  return db
    .selectFrom('events')
    .select(['id', 'title', 'status', 'starts_at'])
    .where('organization_id', '=', organizationId)
    .orderBy('starts_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** What the setup checklist and the warnings read. */
export async function setupFacts(db: Executor, organizationId: string) {
  return db
    .selectFrom('organizations')
    .leftJoin('organization_verifications as v', 'v.organization_id', 'organizations.id')
    .select([
      'organizations.description',
      'organizations.contact_email',
      'organizations.kyc_status',
      'organizations.payouts_enabled',
      'organizations.suspended_at',
      'v.action_required',
      'v.action_deadline',
    ])
    .select((eb) => [
      eb
        .exists(
          eb
            .selectFrom('events')
            .select('events.id')
            .where('events.organization_id', '=', organizationId)
            .where('events.published_at', 'is not', null),
        )
        .as('published'),
      // Events on sale with paid tickets: what a lapse of verification or payouts leaves stranded.
      eb
        .selectFrom('events')
        .select((inner) => inner.fn.countAll<string>().as('n'))
        .where('events.organization_id', '=', organizationId)
        .where('events.status', '=', 'published')
        .where('events.ends_at', '>', new Date())
        .where((inner) =>
          inner.exists(
            inner
              .selectFrom('ticket_types')
              .select('ticket_types.id')
              .whereRef('ticket_types.event_id', '=', 'events.id')
              .where('ticket_types.price', '>', 0),
          ),
        )
        .as('paid_on_sale'),
    ])
    .where('organizations.id', '=', organizationId)
    .executeTakeFirst();
}
