// Booking under load: completed orders/s and p99 at 64 concurrent buyers over HTTP (hold + sandbox payment +
// tickets), next to pgbench's TPC-B-like tps on the same PostgreSQL, and the same run on PGlite; the number
// oversold (must be 0); on PostgreSQL, paid rounds with the audit log written alongside; and a chaos run (kill -9 during a rush, restart, every acknowledged order still there).
// Standalone: `node bench/booking-load.ts` (BENCH_DURATION seconds per run, default 10; BENCH_BOOKING_ROUNDS runs, default 3).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createDatabase, type Db } from '../server/db/database.ts';
import { recordAudit } from '../server/lib/audit-log.ts';
import { type ChaosResult, chaosRun } from './booking-chaos.ts';
import {
  benchCode,
  benchJwtSecret,
  buyer,
  buyers,
  closeClients,
  type Fixture,
  freeBuyer,
  oversoldIn,
  post,
  prepare,
} from './booking-setup.ts';
import { percentile } from './http-util.ts';
import { backendPids, cpuMeter } from './process-cpu.ts';
import { adminUrl, dropDatabase, pgbenchTps, postgresReachable, recreate } from './scratch-postgres.ts';
import { startApi } from './server-process.ts';

/** CPU per completed order: the API server, the database's backends (PostgreSQL only) and the buyers. */
export interface CpuPerOrder {
  server: number;
  database: number | null;
  buyers: number;
}

export interface BookingRun {
  database: 'postgresql' | 'pglite';
  durationS: number;
  /** Paid orders/s of each round; the figures reported are the median round's. */
  rounds: number[];
  completedOrders: number;
  ordersPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** Free orders of signed-in buyers with confirmed emails (one request, confirmed at once with a signed ticket). */
  free: { ordersPerSec: number; p50Ms: number; p99Ms: number; cpuMsPerOrder: CpuPerOrder };
  /** CPU time per completed order (user + system): steadier than orders/s on a shared machine. */
  cpuMsPerOrder: CpuPerOrder;
  /** Buyers whose order or payment did not succeed (should be 0: capacity is ample). */
  failures: number;
  /** A rush of 500 buyers on 100 tickets, each held order then paid. */
  rush: { buyers: number; capacity: number; ticketsIssued: number; refused: number };
  /** Tickets beyond capacity, over every ticket type after the runs. Must be 0. */
  oversold: number;
  /** Paid rounds with audit log rows written alongside (PostgreSQL only), beside the paid rounds without. */
  withAudit: AuditAlongside | null;
  /** Paid rounds where every order uses a discount code, interleaved with the paid rounds without. */
  withCode: { rounds: number[]; ordersPerSec: number; p99Ms: number; overWithout: number };
}

/** What writing the audit log at a steady rate beside the paid load costs the paid load. */
export interface AuditAlongside {
  /** Audit rows written per second during those rounds (the target is `auditWritesPerSec`). */
  writesPerSec: number;
  rounds: number[];
  ordersPerSec: number;
  /** 1 − (orders/s with) ÷ (orders/s without), medians of the same run's interleaved rounds. */
  cost: number;
}

/** Audit rows a second beside the load: a busy admin team (50 people, two recorded actions a second each). */
const auditWritesPerSec = 100;

/** Writes audit rows as admin actions do (recordAudit, one statement each) at a steady rate until stopped. */
function auditWriter(db: Db) {
  let written = 0;
  let running = true;
  const started = performance.now();
  const done = (async () => {
    while (running) {
      const due = started + (written * 1000) / auditWritesPerSec;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await recordAudit(db, {
        actorId: null,
        action: 'admin.bench_action',
        subjectType: 'order',
        subjectId: randomUUID(),
        details: { reason: 'Bench: an admin action beside the sale.', before: { status: 'paid' }, after: { status: 'refunded' } },
      });
      written += 1;
    }
  })();
  return async () => {
    running = false;
    await done;
    return written / ((performance.now() - started) / 1000);
  };
}

export interface BookingResult {
  runs: BookingRun[];
  /** The median of `pgbenchRounds`. */
  pgbenchTps: number | null;
  pgbenchRounds: number[];
  postgresOverPgbench: number | null;
  pgliteOverPgbench: number | null;
  freePostgresOverPgbench: number | null;
  chaos: ChaosResult | null;
  skipped: string | null;
}

async function buyOne(baseUrl: string, eventId: string, ticketTypeId: string, code?: string): Promise<boolean> {
  const order = await post(
    baseUrl,
    '/api/orders',
    { eventId, items: [{ ticketTypeId, quantity: 1 }], buyer: buyer(), ...(code ? { code } : {}) },
    { 'idempotency-key': randomUUID() },
  );
  if (order.status !== 201) return false;
  const sessionId = String(order.body.data?.paymentUrl ?? '')
    .split('/')
    .pop();
  const paid = await post(baseUrl, `/api/payments/sandbox/${sessionId}`, {
    cardNumber: '4242424242424242',
    expiry: '12/39',
    cvc: '123',
    name: 'Bench Buyer',
  });
  return paid.status === 200 && paid.body.data?.outcome === 'succeeded';
}

/** A free order of a signed-in buyer with a confirmed email: confirmed with its signed ticket in one request. */
async function takeFreeOne(baseUrl: string, fixture: Fixture): Promise<boolean> {
  const { authorization, ...buyer } = freeBuyer(fixture);
  const order = await post(
    baseUrl,
    '/api/orders',
    { eventId: fixture.eventId, items: [{ ticketTypeId: fixture.freeTypeId, quantity: 1 }], buyer },
    { 'idempotency-key': randomUUID(), authorization },
  );
  return order.status === 201 && order.body.data?.status === 'paid';
}

async function loadRun(
  baseUrl: string,
  fixture: Fixture,
  durationS: number,
  kind: 'paid' | 'free' | 'coded' = 'paid',
  processes: { server: number | undefined; database: number[] | null } = { server: undefined, database: null },
) {
  const server = cpuMeter([processes.server ?? -1]);
  const database = processes.database ? cpuMeter(processes.database) : null;
  const client = cpuMeter([process.pid]);
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + durationS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: buyers }, async () => {
      while (performance.now() < until) {
        const begun = performance.now();
        const ok = await (kind === 'free'
          ? takeFreeOne(baseUrl, fixture)
          : buyOne(baseUrl, fixture.eventId, fixture.openTypeId, kind === 'coded' ? benchCode : undefined)
        ).catch(() => false);
        if (ok) latencies.push(performance.now() - begun);
        else failures += 1;
      }
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  const perOrder = (seconds: number) => (latencies.length ? (seconds * 1000) / latencies.length : 0);
  const cpuMsPerOrder: CpuPerOrder = {
    server: perOrder(server()),
    database: database ? perOrder(database()) : null,
    buyers: perOrder(client()),
  };
  return { latencies, failures, elapsedS, cpuMsPerOrder };
}

/** Rounds of each kind of load per database (BENCH_BOOKING_ROUNDS, default 3). */
const rounds = Number(process.env.BENCH_BOOKING_ROUNDS) > 0 ? Number(process.env.BENCH_BOOKING_ROUNDS) : 3;

const ordersPerSec = (round: { latencies: number[]; elapsedS: number }) => round.latencies.length / round.elapsedS;

/** The round with the median orders/s (the lower middle one of an even count). */
function medianRound<T extends { latencies: number[]; elapsedS: number }>(all: T[]): T {
  const sorted = [...all].sort((a, b) => ordersPerSec(a) - ordersPerSec(b));
  return sorted[Math.floor((sorted.length - 1) / 2)] as T;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;

/** 500 buyers for 100 tickets, 64 at a time: exactly 100 must be issued. */
async function rushRun(baseUrl: string, fixture: Fixture) {
  const queue = Array.from({ length: 500 }, (_, index) => index);
  let issued = 0;
  let refused = 0;
  await Promise.all(
    Array.from({ length: buyers }, async () => {
      while (queue.pop() !== undefined) {
        if (await buyOne(baseUrl, fixture.eventId, fixture.rushTypeId).catch(() => false)) issued += 1;
        else refused += 1;
      }
    }),
  );
  return { buyers: 500, capacity: 100, ticketsIssued: issued, refused };
}

async function measureOn(database: BookingRun['database'], durationS: number): Promise<BookingRun> {
  let db: Db;
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  if (database === 'postgresql') {
    const url = await recreate('admit_bench_booking');
    db = createDatabase({ databaseUrl: url, dataDir: 'unused' });
    env = { DATABASE_URL: url, DATA_DIR: mkdtempSync(join(tmpdir(), 'admit-bench-booking-')), JWT_SECRET: benchJwtSecret };
    cleanup = async () => {
      await dropDatabase('admit_bench_booking');
    };
  } else {
    const dataDir = mkdtempSync(join(tmpdir(), 'admit-bench-booking-'));
    db = createDatabase({ dataDir });
    env = { DATA_DIR: dataDir, JWT_SECRET: benchJwtSecret };
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  }
  const fixture = await prepare(db);
  // PGlite is one process's database: the server must have it to itself.
  if (database === 'pglite') await db.destroy();
  const server = await startApi(env);
  try {
    await loadRun(server.baseUrl, fixture, 2); // warm-up
    // A new database has no statistics, so the plans each connection settles on early are made for empty
    // tables: a lookup planned as a scan of a near-empty table gets slower with every order after it.
    // Autovacuum analyzes the tables within its first minute; here, as pgbench's set-up does, at once.
    if (database === 'postgresql') await sql`analyze`.execute(db);
    const processes = {
      server: server.child.pid,
      database: database === 'postgresql' ? await backendPids(adminUrl, 'admit_bench_booking') : null,
    };
    // Several rounds of paid then free orders, reporting the median round of each: the machine's speed
    // drifts within seconds, and one round can land on a slow or a fast stretch.
    const paidRounds: Awaited<ReturnType<typeof loadRun>>[] = [];
    const freeRounds: Awaited<ReturnType<typeof loadRun>>[] = [];
    const auditRounds: Awaited<ReturnType<typeof loadRun>>[] = [];
    const codedRounds: Awaited<ReturnType<typeof loadRun>>[] = [];
    const auditRates: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      paidRounds.push(await loadRun(server.baseUrl, fixture, durationS, 'paid', processes));
      codedRounds.push(await loadRun(server.baseUrl, fixture, durationS, 'coded', processes));
      freeRounds.push(await loadRun(server.baseUrl, fixture, durationS, 'free', processes));
      if (database === 'postgresql') {
        const stop = auditWriter(db);
        auditRounds.push(await loadRun(server.baseUrl, fixture, durationS, 'paid', processes));
        auditRates.push(await stop());
      }
    }
    const load = medianRound(paidRounds);
    const free = medianRound(freeRounds);
    const coded = medianRound(codedRounds);
    const rush = await rushRun(server.baseUrl, fixture);
    await server.stop();
    if (database === 'pglite') db = createDatabase({ dataDir: env.DATA_DIR as string });
    const oversold = await oversoldIn(db);
    return {
      database,
      durationS,
      rounds: paidRounds.map(ordersPerSec),
      completedOrders: load.latencies.length,
      ordersPerSec: ordersPerSec(load),
      p50Ms: percentile(load.latencies, 50),
      p99Ms: percentile(load.latencies, 99),
      cpuMsPerOrder: load.cpuMsPerOrder,
      withCode: {
        rounds: codedRounds.map(ordersPerSec),
        ordersPerSec: ordersPerSec(coded),
        p99Ms: percentile(coded.latencies, 99),
        overWithout: ordersPerSec(coded) / ordersPerSec(load),
      },
      failures: [...paidRounds, ...codedRounds, ...freeRounds].reduce((sum, round) => sum + round.failures, 0),
      free: {
        ordersPerSec: ordersPerSec(free),
        p50Ms: percentile(free.latencies, 50),
        p99Ms: percentile(free.latencies, 99),
        cpuMsPerOrder: free.cpuMsPerOrder,
      },
      rush,
      oversold,
      withAudit:
        auditRounds.length > 0
          ? {
              writesPerSec: median(auditRates),
              rounds: auditRounds.map(ordersPerSec),
              ordersPerSec: ordersPerSec(medianRound(auditRounds)),
              cost: 1 - ordersPerSec(medianRound(auditRounds)) / ordersPerSec(load),
            }
          : null,
    };
  } finally {
    await server.stop();
    await db.destroy().catch(() => undefined);
    await cleanup();
  }
}

/** Orders rushed at a server on PostgreSQL that is killed with SIGKILL: every 2xx answer must have been durable. */
export async function measureBooking(durationS: number): Promise<BookingResult> {
  const runs: BookingRun[] = [];
  const hasPostgres = await postgresReachable();
  let pgbench: number | null = null;
  const pgbenchRounds: number[] = [];
  let chaos: ChaosResult | null = null;
  const only = process.env.BENCH_BOOKING_ONLY; // e.g. `postgresql` while tuning
  if (hasPostgres && !only) {
    // As many pgbench runs as rounds of orders, and their median.
    for (let round = 0; round < rounds; round += 1) pgbenchRounds.push(await pgbenchTps('admit_bench_pgbench', durationS));
    pgbench = [...pgbenchRounds].sort((a, b) => a - b)[Math.floor((pgbenchRounds.length - 1) / 2)] ?? null;
  }
  if (hasPostgres && (!only || only === 'postgresql')) runs.push(await measureOn('postgresql', durationS));
  if (!only || only === 'pglite') runs.push(await measureOn('pglite', durationS));
  if (hasPostgres && !only) chaos = await chaosRun();
  closeClients();
  const rate = (database: BookingRun['database']) => runs.find((run) => run.database === database)?.ordersPerSec;
  const freeRate = (database: BookingRun['database']) => runs.find((run) => run.database === database)?.free.ordersPerSec;
  const ratio = (value: number | undefined) => (value !== undefined && pgbench ? value / pgbench : null);
  return {
    runs,
    pgbenchTps: pgbench,
    pgbenchRounds,
    postgresOverPgbench: ratio(rate('postgresql')),
    pgliteOverPgbench: ratio(rate('pglite')),
    freePostgresOverPgbench: ratio(freeRate('postgresql')),
    chaos,
    skipped: hasPostgres ? null : `no PostgreSQL at ${new URL(adminUrl).host}: pgbench, the PostgreSQL run and chaos skipped`,
  };
}

const f = (value: number, digits = 0) => value.toFixed(digits);
const cpu = (c: CpuPerOrder) => `${f(c.server, 2)} / ${c.database === null ? '–' : f(c.database, 2)} / ${f(c.buyers, 2)} ms`;

export function formatBooking(result: BookingResult): string[] {
  const lines = [
    `Booking (${buyers} concurrent buyers over HTTP; a completed order = hold + sandbox payment + signed tickets)`,
    `   ${'database'.padEnd(12)} ${'orders/s'.padStart(9)} ${'p50'.padStart(8)} ${'p99'.padStart(8)}   rush 500→100   oversold   CPU per order: server / database / buyers`,
  ];
  for (const run of result.runs) {
    const health = run.failures ? `  !! ${run.failures} purchases failed` : '';
    lines.push(
      `   ${run.database.padEnd(12)} ${f(run.ordersPerSec, 1).padStart(9)} ${`${f(run.p50Ms)} ms`.padStart(8)} ${`${f(run.p99Ms)} ms`.padStart(8)}   ${`${run.rush.ticketsIssued} issued`.padStart(12)}   ${String(run.oversold).padEnd(8)}   ${cpu(run.cpuMsPerOrder)}${health}`,
      `   ${''.padEnd(12)} median of ${run.rounds.length} rounds of ${run.durationS} s: ${run.rounds.map((value) => f(value, 1)).join(', ')} orders/s`,
    );
  }
  for (const run of result.runs) {
    lines.push(
      `   ${`${run.database} free`.padEnd(12)} ${f(run.free.ordersPerSec, 1).padStart(9)} ${`${f(run.free.p50Ms)} ms`.padStart(8)} ${`${f(run.free.p99Ms)} ms`.padStart(8)}   ${'(signed in, free)'.padStart(12)}   ${''.padEnd(8)}   ${cpu(run.free.cpuMsPerOrder)}`,
    );
  }
  for (const run of result.runs) {
    const coded = run.withCode;
    lines.push(
      `   ${run.database} paid, every order with a discount code: ${f(coded.ordersPerSec, 1)} orders/s (p99 ${f(coded.p99Ms)} ms) against ${f(run.ordersPerSec, 1)} without (rounds ${coded.rounds.map((value) => f(value, 1)).join(', ')}): ${f(coded.overWithout, 2)}×  (goal ≥ 0.95)`,
    );
  }
  for (const run of result.runs) {
    if (!run.withAudit) continue;
    const audit = run.withAudit;
    lines.push(
      `   ${run.database} paid, audit log written alongside at ${f(audit.writesPerSec)} rows/s: ${f(audit.ordersPerSec, 1)} orders/s against ${f(run.ordersPerSec, 1)} without (rounds ${audit.rounds.map((value) => f(value, 1)).join(', ')}): cost ${f(audit.cost * 100, 1)} %  (goal < 5 %)`,
    );
  }
  if (result.pgbenchTps !== null) {
    lines.push(
      `   pgbench TPC-B-like, 64 clients, same PostgreSQL: ${f(result.pgbenchTps, 1)} tps (median of ${result.pgbenchRounds.map((tps) => f(tps, 1)).join(', ')})`,
    );
    if (result.postgresOverPgbench !== null)
      lines.push(`   PostgreSQL orders/s ÷ pgbench tps: ${f(result.postgresOverPgbench, 2)}  (goal ≥ 0.40)`);
    if (result.pgliteOverPgbench !== null) lines.push(`   PGlite orders/s ÷ pgbench tps:     ${f(result.pgliteOverPgbench, 2)}`);
    if (result.freePostgresOverPgbench !== null)
      lines.push(`   PostgreSQL free orders/s ÷ pgbench tps: ${f(result.freePostgresOverPgbench, 2)}`);
  }
  if (result.chaos) {
    const chaos = result.chaos;
    lines.push(
      `   chaos (kill -9 during a rush on PostgreSQL, restart): ${chaos.acknowledged} orders acknowledged, ${chaos.missingAfterRestart} missing after restart, ${chaos.unansweredWhenKilled} in flight cut off (never acknowledged), oversold ${chaos.oversold}`,
    );
  }
  if (result.skipped) lines.push(`   ${result.skipped}`);
  return lines;
}

if (import.meta.main) {
  const durationS = Number(process.env.BENCH_DURATION) > 0 ? Number(process.env.BENCH_DURATION) : 10;
  const result = await measureBooking(durationS);
  process.stdout.write(`${formatBooking(result).join('\n')}\n`);
}
