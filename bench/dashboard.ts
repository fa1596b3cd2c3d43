// The organiser dashboard's data (issue 18): one organisation with 200 events, 200,000 paid orders (a ticket and a
// ledger charge each) and 200,000 admissions, one event running now with door devices, on PGlite and, when it
// answers, the bench's PostgreSQL. Median of 21 calls of the whole dashboard (every query the 5-second poll runs;
// target ≤ 150 ms), for the organisation and for its running event, and EXPLAIN ANALYZE of its slowest statement.
// Then, on the same data, the reports: one page of each on screen (median of 11; target ≤ 300 ms) with its statements'
// EXPLAIN ANALYZE times, and the organisation's 200,000-row attendee CSV streamed to the end, with how much this
// process's memory grew meanwhile (target < 50 MB; PGlite keeps its files on disk, as the server does, and its own
// memory is this process's).
// Part of `npm run bench`; run alone: `node bench/dashboard.ts` (DASHBOARD_BENCH_ORDERS changes the size).
import { getHeapSpaceStatistics } from 'node:v8';
import { type CompiledQuery, type KyselyPlugin, type QueryId, type RootOperationNode, sql } from 'kysely';
import type { Db } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { dashboard } from '../server/features/reports/dashboard.service.ts';
import { reportFile, reportPage } from '../server/features/reports/reports.service.ts';
import type { ReportKind } from '../src/contract/reports.ts';
import { onEachDatabase } from './each-database.ts';

const orderCount = Number(process.env.DASHBOARD_BENCH_ORDERS) || 200_000;
const eventCount = 200;

export interface DashboardBench {
  database: string;
  orders: number;
  admissions: number;
  seedS: number;
  organisationMedianMs: number;
  eventMedianMs: number;
  /** Each statement of one organisation dashboard, alone: its execution time from EXPLAIN ANALYZE. */
  statements: { sql: string; ms: number }[];
  /** EXPLAIN ANALYZE of the slowest of them. */
  slowestPlan: string[];
  /** The first page of each report over the last year by payment date: median, and its slowest statement alone. */
  reportPages: { kind: ReportKind; rows: number; medianMs: number; slowestStatementMs: number; slowestSql: string }[];
  /** The organisation's attendee list as CSV, streamed to the end: the last year's, and the last 50 days' before it. */
  csv: CsvFigures;
  shorterCsv: CsvFigures;
}

export interface CsvFigures {
  rows: number;
  megabytes: number;
  seconds: number;
  rssGrowthMb: number;
  /** The highest the young generation was, from its level at the start. */
  youngPeakMb: number;
  /** The most the old generation, large objects and buffers grew by. */
  restGrowthMb: number;
  /** The live heap and buffers after a collection (NaN without gc). */
  heapGrowthMb: number;
}

/** Everything written with generate_series: seconds, not minutes, for 200,000 orders. */
async function fill(db: Db): Promise<{ ownerId: string; organizationId: string; runningEventId: string }> {
  const step = async (label: string, statement: { execute(db: Db): Promise<unknown> }) => {
    const started = performance.now();
    await statement.execute(db);
    if (process.env.DASHBOARD_BENCH_VERBOSE)
      process.stdout.write(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  };
  const owner = await db
    .insertInto('users')
    .values({
      email: `bench-owner-${Date.now()}@example.test`,
      first_name: 'Bench',
      last_name: 'Owner',
      password_hash: 'x',
      date_of_birth: '1990-01-01',
      user_type: 'organiser',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const organisation = await db
    .insertInto('organizations')
    .values({ name: 'Bench Promotions', kyc_status: 'verified', payouts_enabled: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('organization_members')
    .values({ organization_id: organisation.id, user_id: owner.id, role: 'owner' })
    .execute();
  // Event k started k days (and an hour) ago and lasts 4 hours: event 0 runs now. Even events sell in GBP, odd in EUR.
  await step(
    'events',
    sql`
    with made as (
      insert into events (organization_id, title, category, starts_at, ends_at, timezone, status, published_at)
      select ${organisation.id}::uuid, 'Bench night ' || k, 'music',
             now() - k * interval '1 day' - interval '1 hour', now() - k * interval '1 day' + interval '3 hours',
             'Europe/London', 'published', now() - k * interval '1 day' - interval '30 days'
        from generate_series(0, ${eventCount - 1}) as k
      returning id, title)
    insert into ticket_types (event_id, name, price, currency, capacity, taken)
    select id, 'Standard', 2500, case when substring(title from 13)::int % 2 = 0 then 'GBP' else 'EUR' end, 5000, 0 from made`,
  );
  // Order n is for event n % 200, paid up to 20 days before it.
  await step(
    'orders',
    sql`
    insert into orders (id, reference, event_id, buyer_name, buyer_email, status, currency, subtotal, booking_fee, total,
                        provider, idempotency_scope, idempotency_key, request_hash, created_at, paid_at)
    select gen_random_uuid(), 'D' || lpad(n::text, 7, '0'), e.id, 'Buyer ' || n, 'buyer' || n || '@example.test',
           'paid', t.currency, 2500, 112, 2612, 'stripe', 'bench', 'k' || n, 'h', p.at, p.at
      from generate_series(1, ${orderCount}) as n
      join (select id, starts_at, (row_number() over (order by starts_at desc)) - 1 as k from events
             where organization_id = ${organisation.id}) e on e.k = n % ${eventCount}
      join ticket_types t on t.event_id = e.id
      cross join lateral (select e.starts_at - ((n / ${eventCount}) % 480) * interval '1 hour' as at) p`,
  );
  await step(
    'tickets',
    sql`
    insert into tickets (id, order_id, event_id, ticket_type_id, holder_name, position, code, short_code, unit_price, unit_fee,
                         created_at)
    select gen_random_uuid(), o.id, o.event_id, t.id, o.buyer_name, 0, 'AD1' || md5(o.id::text),
           upper(substr(md5(o.id::text || t.id::text), 1, 9)), 2500, 112, o.created_at
      from orders o join ticket_types t on t.event_id = o.event_id`,
  );
  // Stock taken, as selling writes it (decision 016): every ticket is sold, none held.
  await step(
    'stock',
    sql`
    update ticket_types set taken = s.n from (select ticket_type_id, count(*) as n from tickets group by 1) s
     where s.ticket_type_id = ticket_types.id`,
  );
  await step(
    'ledger',
    sql`
    insert into ledger_entries (order_id, event_id, kind, amount, currency, created_at)
    select o.id, o.event_id, k.kind, case when k.kind = 'charge' then o.subtotal else o.booking_fee end, o.currency, o.paid_at
      from orders o cross join (values ('charge'), ('booking_fee')) as k (kind)`,
  );
  // Every ticket admitted, from 30 minutes before its event to an hour after it started (so up to now for event 0).
  await step(
    'admissions',
    sql`
    with scans as (
      insert into checkins (id, event_id, ticket_id, device_id, client_scan_id, scanned_at, received_at, result, device_name)
      select gen_random_uuid(), t.event_id, t.id, 'bench-device-' || (n % 8), gen_random_uuid(), s.at, s.at, 'valid', 'Dora D.'
        from (select t.*, row_number() over (order by t.id) as n from tickets t) t
        join events e on e.id = t.event_id
        cross join lateral (select e.starts_at - interval '30 minutes' + (t.n % 90) * interval '1 minute' as at) s
      returning id, event_id, ticket_id, device_id, device_name, scanned_at)
    insert into ticket_admissions (ticket_id, event_id, checkin_id, scanned_at, device_id, device_name, inside, moved_at)
    select ticket_id, event_id, id, scanned_at, device_id, device_name, true, scanned_at from scans`,
  );
  const running = await db
    .selectFrom('events')
    .select('id')
    .where('organization_id', '=', organisation.id)
    .orderBy('starts_at', 'desc')
    .executeTakeFirstOrThrow();
  // Eight door devices at the running event, two of them silent for ten minutes after uploading offline scans.
  await step(
    'devices',
    sql`
    insert into scan_data_downloads (event_id, device_id, user_id, downloaded_at, synced_at, uploaded_at, device_name)
    select ${running.id}::uuid, 'bench-device-' || d, ${owner.id}::uuid, now() - interval '2 hours',
           now() - case when d < 2 then interval '10 minutes' else interval '10 seconds' end,
           now() - case when d < 2 then interval '10 minutes' else interval '1 minute' end, 'Dora D.'
      from generate_series(0, 7) as d`,
  );
  // A few hundred refunds, most done, some pending long and some failed.
  await step(
    'refunds',
    sql`
    insert into refunds (order_id, amount, fee_amount, currency, reason, ticket_ids, idempotency_key, request_hash,
                         provider, status, created_at)
    select o.id, 2500, 0, o.currency, 'Bench', '[]'::jsonb, 'r' || o.reference, 'h', 'stripe',
           (array['succeeded', 'succeeded', 'pending', 'failed'])[1 + (row_number() over ()) % 4],
           o.paid_at + interval '1 day'
      from (select * from orders order by reference limit 400) o`,
  );
  await step('analyze', sql`analyze`);
  return { ownerId: owner.id, organizationId: organisation.id, runningEventId: running.id };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function timed(rounds: number, work: () => Promise<unknown>): Promise<number> {
  const timings: number[] = [];
  for (let round = 0; round <= rounds; round += 1) {
    const started = performance.now();
    await work();
    if (round > 0) timings.push(performance.now() - started);
  }
  return median(timings);
}

/** Compiles every statement run through it, so each can be explained afterwards. */
class StatementRecorder implements KyselyPlugin {
  readonly nodes: { node: RootOperationNode; queryId: QueryId }[] = [];
  transformQuery(args: { node: RootOperationNode; queryId: QueryId }): RootOperationNode {
    this.nodes.push(args);
    return args.node;
  }
  async transformResult<R>(args: { result: R }): Promise<R> {
    return args.result;
  }
}

async function explain(db: Db, query: CompiledQuery): Promise<string[]> {
  const result = await db.executeQuery<{ 'QUERY PLAN': string }>({ ...query, sql: `explain analyze ${query.sql}` });
  return result.rows.map((row) => row['QUERY PLAN']);
}

/** Every statement `work` runs, each explained alone afterwards, slowest first. */
async function statementsOf(db: Db, work: (recording: Db) => Promise<unknown>) {
  const recorder = new StatementRecorder();
  const recording = db.withPlugin(recorder);
  await work(recording);
  const executor = recording.getExecutor();
  const statements: { sql: string; ms: number; plan: string[] }[] = [];
  for (const { node, queryId } of recorder.nodes) {
    const compiled = executor.compileQuery(node, queryId);
    if (!/^\s*(select|with)\b/i.test(compiled.sql)) continue;
    const plan = await explain(db, compiled);
    const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan.join('\n'))?.[1] ?? 0);
    statements.push({ sql: compiled.sql.replace(/\s+/g, ' ').trim(), ms, plan });
  }
  return statements.sort((a, b) => b.ms - a.ms);
}

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const lastYear = { dateBy: 'payment' as const, from: day(-365), to: day(0) };
const reportKinds: ReportKind[] = ['attendees', 'transactions', 'sales-by-day', 'sales-by-type', 'revenue-summary', 'checkins'];

async function measureReportPages(db: Db, ownerId: string, organizationId: string) {
  const pages: DashboardBench['reportPages'] = [];
  for (const kind of reportKinds) {
    const read = (on: Db) => reportPage(on, ownerId, organizationId, kind, { ...lastYear, page: 1 });
    const rows = (await read(db)).total;
    const medianMs = await timed(11, () => read(db));
    const [slowest] = await statementsOf(db, read);
    pages.push({ kind, rows, medianMs, slowestStatementMs: slowest?.ms ?? 0, slowestSql: slowest?.sql ?? '' });
  }
  return pages;
}

const megabytes = (bytes: number) => bytes / 1024 / 1024;

/** V8's young generation (where short-lived objects are born and die) and everything else the process holds. */
function heapParts() {
  let young = 0;
  let rest = process.memoryUsage().external;
  for (const space of getHeapSpaceStatistics()) {
    if (space.space_name.startsWith('new_')) young += space.space_used_size;
    else rest += space.space_used_size;
  }
  return { young, rest };
}

/**
 * Streams the organisation's attendee CSV of the last `days` days of payments to nowhere, sampling this process's memory as it goes:
 * resident size; V8's young generation apart from the rest (old generation, large objects and buffers, PGlite's memory
 * included), since the young generation grows to its configured size under any steady allocation, whatever the
 * report's length; and (run with --expose-gc, as `npm run bench` does) the JavaScript heap still live after a
 * collection every 20 pieces, which is what the stream holds rather than garbage not yet collected.
 */
async function measureCsv(db: Db, ownerId: string, organizationId: string, days: number): Promise<CsvFigures> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage();
  const partsBefore = heapParts();
  let peakRss = before.rss;
  let peakLive = before.heapUsed + before.external;
  let peakYoung = partsBefore.young;
  let peakRest = partsBefore.rest;
  const sample = () => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    const parts = heapParts();
    peakYoung = Math.max(peakYoung, parts.young);
    peakRest = Math.max(peakRest, parts.rest);
  };
  const timer = setInterval(sample, 20);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  let pieces = 0;
  try {
    const file = await reportFile(db, ownerId, organizationId, 'attendees', { ...lastYear, from: day(-days), format: 'csv' });
    for await (const piece of file.content as AsyncIterable<string>) {
      bytes += Buffer.byteLength(piece);
      for (let at = piece.indexOf('\n'); at !== -1; at = piece.indexOf('\n', at + 1)) lines += 1;
      pieces += 1;
      if (pieces % 10 === 0) sample();
      if (gc && pieces % 200 === 0) {
        gc();
        const now = process.memoryUsage();
        peakLive = Math.max(peakLive, now.heapUsed + now.external);
      }
    }
  } finally {
    clearInterval(timer);
  }
  return {
    rows: lines - 1,
    megabytes: megabytes(bytes),
    seconds: (performance.now() - started) / 1000,
    rssGrowthMb: megabytes(peakRss - before.rss),
    youngPeakMb: megabytes(peakYoung),
    restGrowthMb: megabytes(peakRest - partsBefore.rest),
    heapGrowthMb: gc ? megabytes(peakLive - before.heapUsed - before.external) : Number.NaN,
  };
}

async function measure(db: Db, label: string): Promise<DashboardBench> {
  await migrateToLatest(db);
  const started = performance.now();
  const { ownerId, organizationId, runningEventId } = await fill(db);
  const seedS = (performance.now() - started) / 1000;
  const admissions = Number((await sql<{ n: string }>`select count(*) as n from ticket_admissions`.execute(db)).rows[0]?.n ?? 0);
  const organisationMedianMs = await timed(21, () => dashboard(db, ownerId, organizationId, {}));
  const eventMedianMs = await timed(21, () => dashboard(db, ownerId, organizationId, { eventId: runningEventId }));
  const statements = await statementsOf(db, (recording) => dashboard(recording, ownerId, organizationId, {}));
  const reportPages = await measureReportPages(db, ownerId, organizationId);
  const shorterCsv = await measureCsv(db, ownerId, organizationId, 50);
  const csv = await measureCsv(db, ownerId, organizationId, 365);
  return {
    database: label,
    orders: orderCount,
    admissions,
    seedS,
    organisationMedianMs,
    eventMedianMs,
    statements: statements.map(({ sql: text, ms }) => ({ sql: text, ms })),
    slowestPlan: statements[0]?.plan ?? [],
    reportPages,
    csv,
    shorterCsv,
  };
}

// PGlite on disk, as the server runs it: the CSV's memory is the server's, not a database held in memory.
export function measureDashboard(): Promise<DashboardBench[]> {
  return onEachDatabase('dashboard', measure, { pgliteOnDisk: true });
}

export function formatDashboard(results: DashboardBench[]): string[] {
  return results.flatMap((row) => [
    `   ${row.database.padEnd(20)} ${row.orders} orders, ${row.admissions} admissions, ${eventCount} events (seeded in ${row.seedS.toFixed(1)} s): ` +
      `organisation median ${row.organisationMedianMs.toFixed(1)} ms, running event median ${row.eventMedianMs.toFixed(1)} ms (goal ≤ 150)`,
    '      statements of one organisation dashboard, alone (EXPLAIN ANALYZE execution time):',
    ...row.statements.map((statement) => `        ${statement.ms.toFixed(1).padStart(7)} ms  ${statement.sql.slice(0, 110)}`),
    '      plan of the slowest:',
    ...row.slowestPlan.map((line) => `        ${line}`),
    '      report pages (first page, last 365 days by payment; goal ≤ 300 ms), with the slowest statement alone:',
    ...row.reportPages.map(
      (page) =>
        `        ${page.kind.padEnd(16)} ${String(page.rows).padStart(7)} rows  median ${page.medianMs.toFixed(1).padStart(7)} ms` +
        `  slowest ${page.slowestStatementMs.toFixed(1)} ms: ${page.slowestSql.slice(0, 70)}`,
    ),
    ...[row.shorterCsv, row.csv].map(
      (csv) =>
        `      attendee CSV: ${String(csv.rows).padStart(6)} rows, ${csv.megabytes.toFixed(1)} MB in ${csv.seconds.toFixed(1)} s; ` +
        `resident +${csv.rssGrowthMb.toFixed(1)} MB, young generation up to ${csv.youngPeakMb.toFixed(1)} MB, ` +
        `the rest +${csv.restGrowthMb.toFixed(1)} MB, live after collection +${csv.heapGrowthMb.toFixed(1)} MB (goal < 50)`,
    ),
  ]);
}

if (import.meta.main) {
  process.stdout.write(`${formatDashboard(await measureDashboard()).join('\n')}\n`);
}
