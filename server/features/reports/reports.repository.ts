import { type RawBuilder, sql } from 'kysely';
import type { ReportKind, ReportQuery } from '../../../src/contract/reports.ts';
import type { Executor } from '../../db/database.ts';

export interface ReportScope {
  organizationId: string;
  query: ReportQuery;
}

/** From the first day's midnight (UTC) to the end of the last day. */
const within = (column: RawBuilder<unknown>, query: ReportQuery) =>
  sql`${column} >= ${new Date(`${query.from}T00:00:00Z`)} and ${column} < ${new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000)}`;

const ofEvents = ({ organizationId, query }: ReportScope) =>
  query.eventId
    ? sql`e.organization_id = ${organizationId} and e.id = ${query.eventId}`
    : sql`e.organization_id = ${organizationId}`;

const currencyOf = (column: RawBuilder<unknown>, query: ReportQuery) =>
  query.currency ? sql`and ${column} = ${query.currency}` : sql``;

/** Sold: valid tickets of paid (or partly refunded) orders, as on the dashboard. */
const paidStatuses = sql`('paid', 'partially_refunded')`;
const sold = sql`t.status = 'valid' and o.status in ${paidStatuses}`;

/** The rollups' days (UTC dates) within the report's range. */
const daysWithin = (column: RawBuilder<unknown>, query: ReportQuery) =>
  sql`${column} between ${query.from}::date and ${query.to}::date`;

/** A rollup's rows in the report's range: by their day for payment dates, by their event's start for event dates. */
const rollupWithin = (rollup: string, scope: ReportScope) =>
  scope.query.dateBy === 'payment' ? daysWithin(sql.ref(`${rollup}.day`), scope.query) : within(sql`e.starts_at`, scope.query);

interface ReportSql {
  /** FROM … WHERE … (GROUP BY …): one row per report row; `only` narrows a report of records to some of them. */
  body(scope: ReportScope, only?: RawBuilder<unknown>): RawBuilder<unknown>;
  columns: RawBuilder<unknown>;
  orderBy: RawBuilder<unknown>;
  /**
   * Reports of one row per record (a ledger entry, a ticket) can be long: a file reads their ids in order once, then
   * its rows by id a chunk at a time, instead of sorting the whole report again for every chunk.
   */
  rowId?: RawBuilder<unknown>;
  /** The `orderBy` values of the record with this id, wherever it now stands: where a file's next ids start. */
  keyOf?(id: string): RawBuilder<unknown>;
  /** How many rows, read from the dashboard's rollups (decision 043) rather than by counting the report's rows. */
  count?(scope: ReportScope): RawBuilder<unknown>;
}

const nothingMore = sql``;

const reports: Record<ReportKind, ReportSql> = {
  // The organiser's money per currency, with the dashboard's definition, and the orders that paid in the period; TEST
  // orders moved no money. Both from the rollups (decision 043).
  'revenue-summary': {
    body: (scope) => sql`
      from (
        select m.currency, sum(m.gross) as gross, sum(m.fees) as fees, sum(m.refunds) as refunds, 0 as orders
          from event_money_days m join events e on e.id = m.event_id
         where ${ofEvents(scope)} and not m.test and ${rollupWithin('m', scope)} ${currencyOf(sql`m.currency`, scope.query)}
         group by m.currency
        union all
        select d.currency, 0, 0, 0, sum(d.paying_orders)
          from event_order_days d join events e on e.id = d.event_id
         where ${ofEvents(scope)} and not d.test and ${rollupWithin('d', scope)} ${currencyOf(sql`d.currency`, scope.query)}
         group by d.currency) r
      group by r.currency
      having sum(r.orders) <> 0 or sum(r.gross) <> 0 or sum(r.fees) <> 0 or sum(r.refunds) <> 0`,
    columns: sql`r.currency, sum(r.orders) as orders, sum(r.gross) as gross, sum(r.fees) as fees, sum(r.refunds) as refunds`,
    orderBy: sql`r.currency`,
  },
  // Every ledger movement of real orders (TEST orders moved no money), read in order from the organisation's index of
  // entries (decision 044).
  transactions: {
    body: (scope, only = nothingMore) => sql`
      from ledger_entries l
      join orders o on o.id = l.order_id
      join events e on e.id = l.event_id
      left join payments p on p.id = l.payment_id
      left join refunds r on r.id = l.refund_id
      where l.organization_id = ${scope.organizationId} and ${ofEvents(scope)} and o.provider <> 'sandbox'
        and ${within(scope.query.dateBy === 'payment' ? sql`l.created_at` : sql`e.starts_at`, scope.query)}
        ${currencyOf(sql`l.currency`, scope.query)} ${only}`,
    rowId: sql`l.id`,
    keyOf: (id) => sql`select l.currency, l.created_at, l.id from ledger_entries l where l.id = ${id}`,
    count: (scope) => sql`
      select coalesce(sum(m.entries), 0) as n from event_money_days m join events e on e.id = m.event_id
      where ${ofEvents(scope)} and not m.test and ${rollupWithin('m', scope)} ${currencyOf(sql`m.currency`, scope.query)}`,
    columns: sql`l.created_at as at, l.kind, o.reference, e.title as event_title, e.starts_at as event_starts_at,
      l.currency, l.amount, coalesce(p.payment_ref, r.payment_ref) as payment_ref, r.provider_refund_id, o.provider`,
    orderBy: sql`l.currency, l.created_at, l.id`,
  },
  // Tickets still sold per ticket type, from the rollup by type (decision 044).
  'sales-by-type': {
    body: (scope) => sql`
      from event_type_days d
      join events e on e.id = d.event_id
      join ticket_types tt on tt.id = d.ticket_type_id
      where ${ofEvents(scope)} and not d.test and ${rollupWithin('d', scope)} ${currencyOf(sql`d.currency`, scope.query)}
      group by e.id, e.title, e.starts_at, tt.id, tt.name, tt.sort_order, d.currency
      having sum(d.tickets) > 0`,
    columns: sql`e.title as event_title, e.starts_at as event_starts_at, tt.name as type_name, d.currency,
      sum(d.tickets) as tickets, sum(d.ticket_money) as ticket_money, sum(d.ticket_fees) as fees`,
    orderBy: sql`d.currency, e.starts_at, e.id, tt.sort_order, tt.id`,
  },
  // Tickets still sold, by the UTC day their order was paid, from the rollup of orders (decision 043).
  'sales-by-day': {
    body: (scope) => sql`
      from event_order_days d
      join events e on e.id = d.event_id
      where ${ofEvents(scope)} and d.status in ${paidStatuses} and not d.test and ${rollupWithin('d', scope)}
        ${currencyOf(sql`d.currency`, scope.query)}
      group by d.day, d.currency
      having sum(d.tickets) > 0`,
    columns: sql`to_char(d.day, 'YYYY-MM-DD') as day, d.currency, sum(d.sold_orders) as orders, sum(d.tickets) as tickets,
      sum(d.ticket_money) as ticket_money, sum(d.ticket_fees) as fees`,
    orderBy: sql`d.currency, d.day`,
  },
  // Per event, by the event's date (a check-in has no payment date); TEST tickets take seats, so they count.
  checkins: {
    body: (scope) => sql`
      from events e
      where ${ofEvents(scope)} and ${within(sql`e.starts_at`, scope.query)}`,
    columns: sql`e.title as event_title, e.starts_at as event_starts_at,
      (select coalesce(sum(d.tickets), 0) from event_order_days d where d.event_id = e.id and d.status in ${paidStatuses}) as sold,
      (select coalesce(sum(a.admitted), 0) from event_admission_counts a where a.event_id = e.id) as checked_in,
      (select coalesce(sum(a.inside), 0) from event_admission_counts a where a.event_id = e.id) as inside`,
    orderBy: sql`e.starts_at, e.id`,
  },
  // Orders paid with a code, per event and code (decision 060); TEST orders use codes too, in rows of their own.
  'discount-codes': {
    body: (scope) => sql`
      from orders o
      join events e on e.id = o.event_id
      where ${ofEvents(scope)} and o.discount_code is not null and o.status in ('paid', 'partially_refunded', 'refunded')
        and ${within(scope.query.dateBy === 'payment' ? sql`o.paid_at` : sql`e.starts_at`, scope.query)}
        ${currencyOf(sql`o.currency`, scope.query)}
      group by e.id, e.title, e.starts_at, o.discount_code, o.currency, o.provider = 'sandbox'`,
    columns: sql`e.title as event_title, e.starts_at as event_starts_at, o.discount_code as code, o.currency,
      o.provider = 'sandbox' as test,
      count(*) as orders, sum(o.valid_tickets) as tickets, sum(o.valid_price) as ticket_money, sum(o.discount) as discount`,
    orderBy: sql`o.currency, e.starts_at, e.id, o.discount_code, o.provider = 'sandbox'`,
  },
  attendees: {
    body: (scope, only = nothingMore) => sql`
      from tickets t
      join orders o on o.id = t.order_id
      join events e on e.id = t.event_id
      join ticket_types tt on tt.id = t.ticket_type_id
      left join ticket_admissions a on a.ticket_id = t.id
      where ${ofEvents(scope)} and ${sold}
        and ${within(scope.query.dateBy === 'payment' ? sql`o.paid_at` : sql`e.starts_at`, scope.query)}
        ${currencyOf(sql`o.currency`, scope.query)} ${only}`,
    rowId: sql`t.id`,
    keyOf: (id) => sql`
      select e.starts_at, e.id, o.reference, t.position, t.id
        from tickets t join orders o on o.id = t.order_id join events e on e.id = t.event_id where t.id = ${id}`,
    count: (scope) => sql`
      select coalesce(sum(d.tickets), 0) as n from event_order_days d join events e on e.id = d.event_id
      where ${ofEvents(scope)} and d.status in ${paidStatuses} and ${rollupWithin('d', scope)}
        ${currencyOf(sql`d.currency`, scope.query)}`,
    // With the ticket's answers and its order's (decision 064), by question, each with the kind it was asked as.
    columns: sql`e.title as event_title, e.starts_at as event_starts_at, tt.name as type_name, t.holder_name,
      t.holder_email, o.buyer_name, o.buyer_email, o.reference, a.scanned_at, a.device_name, o.provider,
      (select jsonb_object_agg(oa.question_id::text, jsonb_build_object('k', oa.question->'kind', 'v', oa.value))::text
         from order_answers oa where oa.order_id = o.id and (oa.position is null or oa.position = t.position)) as answers`,
    orderBy: sql`e.starts_at, e.id, o.reference, t.position, t.id`,
  },
};

export async function countReportRows(db: Executor, kind: ReportKind, scope: ReportScope): Promise<number> {
  const report = reports[kind];
  const counting = report.count ? report.count(scope) : sql`select count(*) as n from (select 1 as one ${report.body(scope)}) q`;
  const { rows } = await sql<{ n: string }>`${counting}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export type ReportRow = Record<string, string | number | Date | null>;

/** One chunk of the report's rows, in its order. */
export async function reportRows(db: Executor, kind: ReportKind, scope: ReportScope, limit: number, offset: number) {
  const report = reports[kind];
  const { rows } = await sql<ReportRow>`
    select ${report.columns} ${report.body(scope)} order by ${report.orderBy} limit ${limit} offset ${offset}`.execute(db);
  return rows;
}

/** A UUID's length as text: record ids travel as one string of them, end to end. */
export const idWidth = 36;

/**
 * The ids of up to `limit` rows of a report in its order, after the record with id `after` (from the first without
 * it), as one string of 36-character ids end to end; null for a report that is not one row per record. A file reads
 * them a piece at a time: 20,000 ids are one 720 KB string, where a whole report's were one 7 MB string that the
 * database built and sent at once.
 */
export async function reportRowIds(db: Executor, kind: ReportKind, scope: ReportScope, limit: number, after?: string) {
  const report = reports[kind];
  if (!report.rowId || !report.keyOf) return null;
  const following = after === undefined ? nothingMore : sql`and (${report.orderBy}) > (${report.keyOf(after)})`;
  const { rows } = await sql<{ ids: string | null }>`
    select string_agg(id::text, '' order by position) as ids from (
      select ${report.rowId} as id, row_number() over (order by ${report.orderBy}) as position ${report.body(scope, following)}
      order by ${report.orderBy} limit ${limit}) ordered`.execute(db);
  return rows[0]?.ids ?? '';
}

/** The rows of a report of records with these ids, in the report's order. */
export async function reportRowsWithIds(db: Executor, kind: ReportKind, scope: ReportScope, ids: string[]) {
  const report = reports[kind];
  if (!report.rowId || ids.length === 0) return [];
  const only = sql`and ${report.rowId} in (${sql.join(ids)})`;
  const { rows } = await sql<ReportRow>`
    select ${report.columns} ${report.body(scope, only)} order by ${report.orderBy}`.execute(db);
  return rows;
}

/**
 * One page of a report and how many rows it has in all. A report of records counts apart (its page needs only the
 * first rows in order); a grouped one is grouped once, its count taken over the groups.
 */
export async function reportPageWithTotal(db: Executor, kind: ReportKind, scope: ReportScope, limit: number, offset: number) {
  const report = reports[kind];
  if (report.rowId) {
    const [total, rows] = [await countReportRows(db, kind, scope), await reportRows(db, kind, scope, limit, offset)];
    return { total, rows };
  }
  const { rows } = await sql<ReportRow & { report_total: string }>`
    select ${report.columns}, count(*) over () as report_total ${report.body(scope)}
    order by ${report.orderBy} limit ${limit} offset ${offset}`.execute(db);
  const total = rows[0] ? Number(rows[0].report_total) : offset > 0 ? await countReportRows(db, kind, scope) : 0;
  return { total, rows: rows.map(({ report_total: _total, ...row }) => row) };
}
