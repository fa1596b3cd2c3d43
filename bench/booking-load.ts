// Booking under load: completed orders/s and p99 at 64 concurrent buyers over HTTP (hold + sandbox payment +
// tickets), next to pgbench's TPC-B-like tps on the same PostgreSQL, and the same run on PGlite; the number
// oversold (must be 0); and a chaos run (kill -9 during a rush, restart, every acknowledged order still there).
// Standalone: `node bench/booking-load.ts` (BENCH_DURATION seconds per run, default 10).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase, type Db } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { freePort } from '../tests/fixtures/free-port.ts';

export const buyers = 64;
const repoRoot = resolve(import.meta.dirname, '..');
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BookingRun {
  database: 'postgresql' | 'pglite';
  durationS: number;
  completedOrders: number;
  ordersPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** Free orders (one request, confirmed at once with a signed ticket) at the same concurrency. */
  free: { ordersPerSec: number; p50Ms: number; p99Ms: number; serverCpuMsPerOrder: number };
  /** Server CPU time per completed order (user + system): steadier than orders/s on a shared machine. */
  serverCpuMsPerOrder: number;
  /** Buyers whose order or payment did not succeed (should be 0: capacity is ample). */
  failures: number;
  /** A rush of 500 buyers on 100 tickets, each held order then paid. */
  rush: { buyers: number; capacity: number; ticketsIssued: number; refused: number };
  /** Tickets beyond capacity, over every ticket type after the runs. Must be 0. */
  oversold: number;
}

export interface ChaosResult {
  acknowledged: number;
  missingAfterRestart: number;
  unansweredWhenKilled: number;
  oversold: number;
}

export interface BookingResult {
  runs: BookingRun[];
  pgbenchTps: number | null;
  postgresOverPgbench: number | null;
  pgliteOverPgbench: number | null;
  freePostgresOverPgbench: number | null;
  chaos: ChaosResult | null;
  skipped: string | null;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function databaseUrlFor(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function recreate(name: string): Promise<string> {
  await withAdmin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  });
  return databaseUrlFor(name);
}

async function postgresReachable(): Promise<boolean> {
  try {
    await withAdmin((client) => client.query('select 1'));
    return true;
  } catch {
    return false;
  }
}

interface Fixture {
  eventId: string;
  openTypeId: string;
  freeTypeId: string;
  rushTypeId: string;
}

/** A published event with an ample paid type, a free type, and a 100-ticket type for the rush. */
async function prepare(db: Db): Promise<Fixture> {
  await migrateToLatest(db);
  // The server would otherwise seed demo data on its first start; the bench brings its own.
  await db.insertInto('app_meta').values({ key: 'demo_data_seeded_at', value: new Date().toISOString() }).execute();
  const organization = await db
    .insertInto('organizations')
    .values({ name: 'Bench Promotions', kyc_status: 'verified' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const startsAt = new Date(Date.now() + 30 * 24 * 3600 * 1000);
  const event = await db
    .insertInto('events')
    .values({
      organization_id: organization.id,
      title: 'Bench Night',
      category: 'music',
      starts_at: startsAt,
      ends_at: new Date(startsAt.getTime() + 4 * 3600 * 1000),
      timezone: 'Europe/London',
      venue_name: 'Bench Hall',
      address: '1 Bench Road',
      city: 'Leeds',
      status: 'published',
      published_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const type = (name: string, price: number, capacity: number, sortOrder: number) => ({
    event_id: event.id,
    name,
    price,
    currency: 'GBP',
    capacity,
    sort_order: sortOrder,
  });
  const types = await db
    .insertInto('ticket_types')
    .values([type('Open', 1500, 1_000_000, 0), type('Free', 0, 1_000_000, 1), type('Rush', 1500, 100, 2)])
    .returning(['id', 'name'])
    .execute();
  const id = (name: string) => types.find((row) => row.name === name)?.id as string;
  return { eventId: event.id, openTypeId: id('Open'), freeTypeId: id('Free'), rushTypeId: id('Rush') };
}

async function oversoldIn(db: Db): Promise<number> {
  const { rows } = await sql<{ over: string }>`
    select coalesce(sum(greatest(0, issued + t.held - t.capacity)), 0) as over from ticket_types t
    cross join lateral (select count(*) as issued from tickets k where k.ticket_type_id = t.id and k.status = 'valid') k`.execute(
    db,
  );
  return Number(rows[0]?.over ?? 0);
}

interface Server {
  baseUrl: string;
  child: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** The API server (server/main.ts) on the given database, ready when /api/health answers. */
async function startApi(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  // BENCH_PROFILE=<folder> writes a CPU profile of each server, for finding where an order's time goes.
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const child = spawn(process.execPath, [...profile, 'server/main.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // Every buyer here comes from one address: the per-address limit still counts each order, never refuses one.
      ORDER_LIMIT_PER_ADDRESS: String(1_000_000_000),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-2000);
  });
  const exited = new Promise<void>((done) => child.once('close', () => done()));
  exited.then(() => children.delete(child));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API server exited: ${errors}`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`API server not ready: ${errors}`);
    await sleep(50);
  }
  return {
    baseUrl,
    child,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await Promise.race([exited, sleep(15_000).then(() => child.kill('SIGKILL'))]);
      await exited;
    },
  };
}

let buyerCounter = 0;
const buyer = () => {
  buyerCounter += 1;
  return { name: 'Bench Buyer', email: `bench.${buyerCounter}.${randomUUID().slice(0, 8)}@example.test` };
};

// Kept-alive connections on node:http: lighter than fetch, so the buyers leave more of the CPU to the server.
const agent = new Agent({ keepAlive: true, maxSockets: buyers * 2 });

function post(baseUrl: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const payload = JSON.stringify(body);
  return new Promise<{ status: number; body: { data?: Record<string, unknown> } }>((resolvePost, reject) => {
    const req = request(
      `${baseUrl}${path}`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers },
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          try {
            resolvePost({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
          } catch (error) {
            reject(error);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(payload);
  });
}

/** CPU seconds (user + system) a process has used so far, from /proc. */
function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return 0;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of stat; here counted from the state field (3).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** One buyer's whole purchase: hold the ticket, pay with the success card. True when the order is paid. */
async function buyOne(baseUrl: string, eventId: string, ticketTypeId: string): Promise<boolean> {
  const order = await post(
    baseUrl,
    '/api/orders',
    { eventId, items: [{ ticketTypeId, quantity: 1 }], buyer: buyer() },
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

/** A free order: confirmed with its signed ticket in one request. */
async function takeFreeOne(baseUrl: string, eventId: string, ticketTypeId: string): Promise<boolean> {
  const order = await post(
    baseUrl,
    '/api/orders',
    { eventId, items: [{ ticketTypeId, quantity: 1 }], buyer: buyer() },
    { 'idempotency-key': randomUUID() },
  );
  return order.status === 201 && order.body.data?.status === 'paid';
}

async function loadRun(baseUrl: string, fixture: Fixture, durationS: number, kind: 'paid' | 'free' = 'paid') {
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + durationS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: buyers }, async () => {
      while (performance.now() < until) {
        const begun = performance.now();
        const ok = await (kind === 'paid'
          ? buyOne(baseUrl, fixture.eventId, fixture.openTypeId)
          : takeFreeOne(baseUrl, fixture.eventId, fixture.freeTypeId)
        ).catch(() => false);
        if (ok) latencies.push(performance.now() - begun);
        else failures += 1;
      }
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  return { latencies, failures, elapsedS };
}

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
    env = { DATABASE_URL: url, DATA_DIR: mkdtempSync(join(tmpdir(), 'admit-bench-booking-')) };
    cleanup = async () => {
      await withAdmin((client) => client.query('DROP DATABASE IF EXISTS "admit_bench_booking" WITH (FORCE)'));
    };
  } else {
    const dataDir = mkdtempSync(join(tmpdir(), 'admit-bench-booking-'));
    db = createDatabase({ dataDir });
    env = { DATA_DIR: dataDir };
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  }
  const fixture = await prepare(db);
  // PGlite is one process's database: the server must have it to itself.
  if (database === 'pglite') await db.destroy();
  const server = await startApi(env);
  try {
    await loadRun(server.baseUrl, fixture, 2); // warm-up
    const cpuBefore = cpuSeconds(server.child.pid);
    const load = await loadRun(server.baseUrl, fixture, durationS);
    const cpuUsed = cpuSeconds(server.child.pid) - cpuBefore;
    const freeCpuBefore = cpuSeconds(server.child.pid);
    const free = await loadRun(server.baseUrl, fixture, durationS, 'free');
    const freeCpuUsed = cpuSeconds(server.child.pid) - freeCpuBefore;
    const rush = await rushRun(server.baseUrl, fixture);
    await server.stop();
    if (database === 'pglite') db = createDatabase({ dataDir: env.DATA_DIR as string });
    const oversold = await oversoldIn(db);
    return {
      database,
      durationS,
      completedOrders: load.latencies.length,
      ordersPerSec: load.latencies.length / load.elapsedS,
      p50Ms: percentile(load.latencies, 50),
      p99Ms: percentile(load.latencies, 99),
      serverCpuMsPerOrder: load.latencies.length ? (cpuUsed * 1000) / load.latencies.length : 0,
      failures: load.failures + free.failures,
      free: {
        ordersPerSec: free.latencies.length / free.elapsedS,
        p50Ms: percentile(free.latencies, 50),
        p99Ms: percentile(free.latencies, 99),
        serverCpuMsPerOrder: free.latencies.length ? (freeCpuUsed * 1000) / free.latencies.length : 0,
      },
      rush,
      oversold,
    };
  } finally {
    await server.stop();
    await db.destroy().catch(() => undefined);
    await cleanup();
  }
}

/** pgbench's default TPC-B-like script, 64 clients, on a scratch database of the same server. */
async function pgbenchTps(durationS: number): Promise<number> {
  await recreate('admit_bench_pgbench');
  const url = new URL(databaseUrlFor('admit_bench_pgbench'));
  const args = ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres')];
  const env = { ...process.env, ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}) };
  try {
    execFileSync('pgbench', ['-i', '-q', ...args, 'admit_bench_pgbench'], { env, stdio: 'pipe' });
    const output = execFileSync(
      'pgbench',
      ['-c', String(buyers), '-j', '2', '-T', String(durationS), ...args, 'admit_bench_pgbench'],
      {
        env,
        stdio: 'pipe',
        encoding: 'utf8',
      },
    );
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(output)?.[1];
    if (!tps) throw new Error(`no tps in pgbench output:\n${output}`);
    return Number(tps);
  } finally {
    await withAdmin((client) => client.query('DROP DATABASE IF EXISTS "admit_bench_pgbench" WITH (FORCE)'));
  }
}

/** Orders rushed at a server on PostgreSQL that is killed with SIGKILL: every 2xx answer must have been durable. */
async function chaosRun(): Promise<ChaosResult> {
  const url = await recreate('admit_bench_chaos');
  const db = createDatabase({ databaseUrl: url, dataDir: 'unused' });
  const fixture = await prepare(db);
  const env = { DATABASE_URL: url, DATA_DIR: mkdtempSync(join(tmpdir(), 'admit-bench-chaos-')) };
  const acknowledged: string[] = [];
  let unanswered = 0;
  let server = await startApi(env);
  try {
    let killed = false;
    const rush = Promise.all(
      Array.from({ length: 32 }, async (_, lane) => {
        while (!killed) {
          const ticketTypeId = lane % 2 ? fixture.freeTypeId : fixture.openTypeId;
          try {
            const response = await post(
              server.baseUrl,
              '/api/orders',
              { eventId: fixture.eventId, items: [{ ticketTypeId, quantity: 1 }], buyer: buyer() },
              { 'idempotency-key': randomUUID() },
            );
            if (response.status === 201) acknowledged.push(String(response.body.data?.id));
          } catch {
            unanswered += 1;
          }
        }
      }),
    );
    await sleep(2500);
    killed = true; // no new requests; the ones in flight are cut off by the kill
    await server.stop('SIGKILL');
    await rush;
    server = await startApi(env);
    const found = acknowledged.length ? await db.selectFrom('orders').select('id').where('id', 'in', acknowledged).execute() : [];
    return {
      acknowledged: acknowledged.length,
      missingAfterRestart: acknowledged.length - found.length,
      unansweredWhenKilled: unanswered,
      oversold: await oversoldIn(db),
    };
  } finally {
    await server.stop();
    await db.destroy();
    await withAdmin((client) => client.query('DROP DATABASE IF EXISTS "admit_bench_chaos" WITH (FORCE)'));
  }
}

export async function measureBooking(durationS: number): Promise<BookingResult> {
  const runs: BookingRun[] = [];
  const hasPostgres = await postgresReachable();
  let pgbench: number | null = null;
  let chaos: ChaosResult | null = null;
  const only = process.env.BENCH_BOOKING_ONLY; // e.g. `postgresql` while tuning
  if (hasPostgres && !only) pgbench = await pgbenchTps(durationS);
  if (hasPostgres && (!only || only === 'postgresql')) runs.push(await measureOn('postgresql', durationS));
  if (!only || only === 'pglite') runs.push(await measureOn('pglite', durationS));
  if (hasPostgres && !only) chaos = await chaosRun();
  agent.destroy();
  const rate = (database: BookingRun['database']) => runs.find((run) => run.database === database)?.ordersPerSec;
  const freeRate = (database: BookingRun['database']) => runs.find((run) => run.database === database)?.free.ordersPerSec;
  const ratio = (value: number | undefined) => (value !== undefined && pgbench ? value / pgbench : null);
  return {
    runs,
    pgbenchTps: pgbench,
    postgresOverPgbench: ratio(rate('postgresql')),
    pgliteOverPgbench: ratio(rate('pglite')),
    freePostgresOverPgbench: ratio(freeRate('postgresql')),
    chaos,
    skipped: hasPostgres ? null : `no PostgreSQL at ${new URL(adminUrl).host}: pgbench, the PostgreSQL run and chaos skipped`,
  };
}

const f = (value: number, digits = 0) => value.toFixed(digits);

export function formatBooking(result: BookingResult): string[] {
  const lines = [
    `Booking (${buyers} concurrent buyers over HTTP; a completed order = hold + sandbox payment + signed tickets)`,
    `   ${'database'.padEnd(12)} ${'orders/s'.padStart(9)} ${'p50'.padStart(8)} ${'p99'.padStart(8)} ${'CPU/order'.padStart(10)}  rush 500→100   oversold`,
  ];
  for (const run of result.runs) {
    const health = run.failures ? `  !! ${run.failures} purchases failed` : '';
    lines.push(
      `   ${run.database.padEnd(12)} ${f(run.ordersPerSec, 1).padStart(9)} ${`${f(run.p50Ms)} ms`.padStart(8)} ${`${f(run.p99Ms)} ms`.padStart(8)} ${`${f(run.serverCpuMsPerOrder, 1)} ms`.padStart(10)}  ${`${run.rush.ticketsIssued} issued`.padStart(12)}   ${run.oversold}${health}`,
    );
  }
  for (const run of result.runs) {
    lines.push(
      `   ${`${run.database} free`.padEnd(12)} ${f(run.free.ordersPerSec, 1).padStart(9)} ${`${f(run.free.p50Ms)} ms`.padStart(8)} ${`${f(run.free.p99Ms)} ms`.padStart(8)} ${`${f(run.free.serverCpuMsPerOrder, 1)} ms`.padStart(10)}  (one request: free order confirmed with its ticket)`,
    );
  }
  if (result.pgbenchTps !== null) {
    lines.push(`   pgbench TPC-B-like, 64 clients, same PostgreSQL: ${f(result.pgbenchTps, 1)} tps`);
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
