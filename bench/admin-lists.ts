// Admin lists' speed on PostgreSQL (issue 20): with 1,000,000 orders (a ticket and a payment each), 200,000 users
// and 5,000 organisations (and 1,000,000 audit log rows), each list's first page and a search by email, name or
// reference, median of 21 calls
// (target ≤ 100 ms), with the plan of each. Run alone: `node bench/admin-lists.ts` (ADMIN_BENCH_ORDERS changes
// the size). Needs the bench's PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL).
import { sql } from 'kysely';
import { createDatabase, type Db } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { eventsQuery } from '../server/features/admin/admin-events.repository.ts';
import { listEvents } from '../server/features/admin/admin-events.service.ts';
import { paymentsQuery } from '../server/features/admin/admin-money.repository.ts';
import { listPayments, listRefunds, listWebhooks } from '../server/features/admin/admin-money.service.ts';
import { ordersQuery } from '../server/features/admin/admin-orders.repository.ts';
import { listOrders } from '../server/features/admin/admin-orders.service.ts';
import { listOrganisers } from '../server/features/admin/admin-organisers.service.ts';
import { ticketsQuery } from '../server/features/admin/admin-tickets.repository.ts';
import { listTickets } from '../server/features/admin/admin-tickets.service.ts';
import { listUsers, readAudit } from '../server/features/admin/admin-users.service.ts';
import type { AccessClaims } from '../server/lib/auth/access-tokens.ts';
import { dropDatabase, postgresReachable, recreate } from './scratch-postgres.ts';

const orders = Number(process.env.ADMIN_BENCH_ORDERS) || 1_000_000;
const users = 200_000;
const organisations = 5_000;
const eventsPerOrganisation = 4;

async function fill(db: Db): Promise<string> {
  const step = async (label: string, statement: ReturnType<typeof sql>) => {
    const started = performance.now();
    await statement.execute(db);
    process.stdout.write(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  };
  await step(
    `${users} users`,
    sql`insert into users (email, first_name, last_name, password_hash, date_of_birth, user_type, email_confirmed_at, created_at)
        select 'user' || n || '@example.test', 'First' || n, 'Last' || n, 'x', '1990-01-01', 'attendee', now(),
               now() - n * interval '1 minute'
          from generate_series(1, ${users}) as n`,
  );
  await step(
    `${organisations} organisations`,
    sql`insert into organizations (name, kyc_status) select 'Organisation ' || n, 'verified' from generate_series(1, ${organisations}) as n`,
  );
  await step(
    `${organisations * eventsPerOrganisation} events and their ticket types`,
    sql`with made as (
          insert into events (organization_id, title, category, starts_at, ends_at, timezone, status, created_at)
          select o.id, 'Event ' || o.name || ' #' || k, 'music', now() + k * interval '10 days', now() + k * interval '10 days' + interval '3 hours',
                 'Europe/London', 'published', now() - (row_number() over ()) * interval '3 minutes'
            from organizations o cross join generate_series(1, ${eventsPerOrganisation}) as k
          returning id)
        insert into ticket_types (event_id, name, price, currency, capacity, taken)
        select id, 'Standard', 2500, 'GBP', 1000000, 0 from made`,
  );
  await step(
    `${orders} orders`,
    sql`insert into orders (id, reference, event_id, buyer_name, buyer_email, status, currency, subtotal, booking_fee, total,
                            provider, idempotency_scope, idempotency_key, request_hash, created_at, paid_at)
        select gen_random_uuid(), 'B' || lpad((n / 10000)::text, 3, '0') || '-' || lpad((n % 10000)::text, 4, '0'),
               e.id, 'Buyer ' || n, 'user' || (1 + n % ${users}) || '@example.test',
               case when n % 100 = 0 then 'refunded' else 'paid' end, 'GBP', 2500, 112, 2612, 'stripe',
               'bench', 'k' || n, 'h', now() - n * interval '20 seconds', now() - n * interval '20 seconds'
          from generate_series(1, ${orders}) as n
          join (select id, row_number() over (order by id) - 1 as k from events) e
            on e.k = n % ${organisations * eventsPerOrganisation}`,
  );
  await step(
    `${orders} tickets and payments`,
    sql`with made as (
          insert into tickets (id, order_id, event_id, ticket_type_id, holder_name, position, code, short_code, unit_price, unit_fee,
                              created_at)
          select gen_random_uuid(), o.id, o.event_id, t.id, o.buyer_name, 0, 'AD1' || md5(o.id::text),
                 upper(substr(md5(o.id::text || t.id::text), 1, 9)), 2500, 112, o.created_at
            from orders o join ticket_types t on t.event_id = o.event_id
          returning order_id)
        insert into payments (order_id, provider, payment_ref, amount, currency, status, expires_at, created_at)
        select o.id, 'stripe', 'pi_' || o.reference, o.total, o.currency, 'succeeded', o.created_at + interval '30 minutes', o.created_at
          from orders o`,
  );
  await step(
    `${orders} audit log rows`,
    sql`insert into audit_log (actor_id, action, subject_type, subject_id, details, created_at)
        select null, case when n % 3 = 0 then 'admin.order_refunded' when n % 3 = 1 then 'admin.ticket_voided' else 'user.suspended' end,
               'order', o.id::text, '{"reason":"Bench."}'::jsonb, o.created_at
          from (select id, created_at, row_number() over () as n from orders) o`,
  );
  await step('analyze', sql`analyze`);
  const admin = await db
    .insertInto('users')
    .values({
      email: 'bench-admin@example.test',
      first_name: 'Bench',
      last_name: 'Admin',
      password_hash: 'x',
      date_of_birth: '1990-01-01',
      user_type: 'attendee',
      is_admin: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return admin.id;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function timed(work: (round: number) => Promise<unknown>, rounds = 21): Promise<number> {
  const timings: number[] = [];
  for (let round = 0; round <= rounds; round += 1) {
    const started = performance.now();
    await work(round);
    if (round > 0) timings.push(performance.now() - started);
  }
  return median(timings);
}

/** EXPLAIN ANALYZE of a statement, indented. */
async function plan(query: {
  explain(format: 'text', options: ReturnType<typeof sql>): Promise<Record<string, unknown>[]>;
}): Promise<string> {
  const rows = await query.explain('text', sql`analyze, buffers off, timing off, summary on`);
  return rows.map((row) => `    ${String(Object.values(row)[0])}`).join('\n');
}

async function main(): Promise<void> {
  if (!(await postgresReachable())) {
    process.stdout.write('No PostgreSQL reachable: nothing measured.\n');
    return;
  }
  const name = `admit_bench_admin_${process.pid}`;
  const db = createDatabase({ databaseUrl: await recreate(name), dataDir: 'unused' });
  try {
    await migrateToLatest(db);
    process.stdout.write(`Filling ${name}:\n`);
    const adminId = await fill(db);
    const caller: AccessClaims = {
      sub: adminId,
      exp: 0,
      platforms: ['admin'],
      org: null,
      auth_time: Math.floor(Date.now() / 1000),
    };
    const email = (round: number) => `user${1 + ((round * 7919) % users)}@example.test`;
    const reference = (round: number) => {
      const n = 1 + ((round * 104_729) % orders);
      return `B${String(Math.floor(n / 10000)).padStart(3, '0')}-${String(n % 10000).padStart(4, '0')}`;
    };
    const anyOrderId = async (round: number) =>
      (await sql<{ id: string }>`select id from orders where reference = ${reference(round)}`.execute(db)).rows[0]?.id;
    const rows: [string, number][] = [
      ['orders, first page', await timed(() => listOrders(db, caller, {}))],
      ['orders by buyer email', await timed((round) => listOrders(db, caller, { q: email(round) }))],
      ['orders by reference', await timed((round) => listOrders(db, caller, { q: reference(round) }))],
      ['orders, status refunded, first page', await timed(() => listOrders(db, caller, { status: 'refunded' }))],
      ['tickets, first page', await timed(() => listTickets(db, caller, {}))],
      ['tickets by order reference', await timed((round) => listTickets(db, caller, { q: reference(round) }))],
      ['events, first page (with sales)', await timed(() => listEvents(db, caller, {}))],
      ['payments, first page', await timed(() => listPayments(db, caller, {}))],
      ['payments by buyer email', await timed((round) => listPayments(db, caller, { q: email(round) }))],
      ['payments by reference', await timed((round) => listPayments(db, caller, { q: reference(round) }))],
      ['refunds, first page', await timed(() => listRefunds(db, caller, {}))],
      ['webhook deliveries, first page', await timed(() => listWebhooks(db, caller, {}))],
      ['users, first page', await timed(() => listUsers(db, caller, {}))],
      ['users by email', await timed((round) => listUsers(db, caller, { q: email(round) }))],
      [
        'users by the start of a name',
        await timed((round) => listUsers(db, caller, { q: `Last${1 + ((round * 7919) % users)}` })),
      ],
      ['users by one letter (most match)', await timed(() => listUsers(db, caller, { q: 'l' }))],
      ['organisers, first page', await timed(() => listOrganisers(db, caller, {}))],
      [
        'organisers by part of a name',
        await timed((round) => listOrganisers(db, caller, { q: `Organisation ${1 + round * 211}` })),
      ],
      ['organisers waiting for review', await timed(() => listOrganisers(db, caller, { status: 'pending' }))],
      ['audit log, first page', await timed(() => readAudit(db, caller, {}))],
      ['audit log by action', await timed(() => readAudit(db, caller, { q: 'admin.ticket' }))],
      ['audit log by actor email', await timed(() => readAudit(db, caller, { q: 'bench-admin@example.test' }))],
      ['audit log by object id', await timed(async (round) => readAudit(db, caller, { q: (await anyOrderId(round)) ?? '' }))],
    ];
    process.stdout.write(
      `\n${orders} orders, ${users} users, ${organisations} organisations (PostgreSQL); median of 21 calls:\n`,
    );
    for (const [label, ms] of rows)
      process.stdout.write(`  ${label}: ${ms.toFixed(1)} ms${ms <= 100 ? '' : '  (over 100 ms)'}\n`);
    process.stdout.write('\nPlans:\n');
    const plans: [string, Parameters<typeof plan>[0]][] = [
      ['orders, first page', ordersQuery(db, {}, null, 26)],
      ['orders by buyer email', ordersQuery(db, { email: email(3) }, null, 26)],
      ['orders by reference', ordersQuery(db, { reference: reference(3) }, null, 26)],
      ['orders, status refunded, first page', ordersQuery(db, { status: 'refunded' }, null, 26)],
      ['tickets, first page', ticketsQuery(db, {}, null, 26)],
      ['events, first page', eventsQuery(db, {}, null, 26)],
      ['payments by buyer email', paymentsQuery(db, { email: email(3) }, null, 26)],
    ];
    for (const [label, query] of plans) process.stdout.write(`  ${label}:\n${await plan(query)}\n`);
  } finally {
    await db.destroy();
    await dropDatabase(name);
  }
}

await main();
