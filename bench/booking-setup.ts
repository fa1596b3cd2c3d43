// The booking bench's machinery: scratch databases, the event it sells, the API server it runs, and
// the buyers' HTTP client. The measurements are in booking-load.ts and booking-chaos.ts.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { freePort } from '../tests/fixtures/free-port.ts';

/** Concurrent buyers, as many as pgbench's clients. */
export const buyers = 64;
const repoRoot = resolve(import.meta.dirname, '..');
export const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

export async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function databaseUrlFor(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function recreate(name: string): Promise<string> {
  await withAdmin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  });
  return databaseUrlFor(name);
}

export async function postgresReachable(): Promise<boolean> {
  try {
    await withAdmin((client) => client.query('select 1'));
    return true;
  } catch {
    return false;
  }
}

export interface Fixture {
  eventId: string;
  openTypeId: string;
  freeTypeId: string;
  rushTypeId: string;
}

/** A published event with an ample paid type, a free type, and a 100-ticket type for the rush. */
export async function prepare(db: Db): Promise<Fixture> {
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

export async function oversoldIn(db: Db): Promise<number> {
  const { rows } = await sql<{ over: string }>`
    select coalesce(sum(greatest(0, issued + t.held - t.capacity)), 0) as over from ticket_types t
    cross join lateral (select count(*) as issued from tickets k where k.ticket_type_id = t.id and k.status = 'valid') k`.execute(
    db,
  );
  return Number(rows[0]?.over ?? 0);
}

export interface Server {
  baseUrl: string;
  child: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** The API server (server/main.ts) on the given database, ready when /api/health answers. */
export async function startApi(env: Record<string, string>): Promise<Server> {
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
export const buyer = () => {
  buyerCounter += 1;
  return { name: 'Bench Buyer', email: `bench.${buyerCounter}.${randomUUID().slice(0, 8)}@example.test` };
};

// Kept-alive connections on node:http: lighter than fetch, so the buyers leave more of the CPU to the server.
export const agent = new Agent({ keepAlive: true, maxSockets: buyers * 2 });

export function post(baseUrl: string, path: string, body: unknown, headers: Record<string, string> = {}) {
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
export function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return 0;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of stat; here counted from the state field (3).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** One buyer's whole purchase: hold the ticket, pay with the success card. True when the order is paid. */
