// A database blip under a rush of buyers: two API instances on one scratch PostgreSQL database, 2,000 buyers
// placing orders through them, and mid-rush every session of the database ended (pg_terminate_backend), then
// in a second round the database also refusing connections for a second. Prints, per round: how long buyers
// were turned away, answers lost, acknowledged orders lost, second orders, and instances still up.
// `npx node bench/db-blip.ts` (BENCH_DATABASE_URL or TEST_DATABASE_URL names the server; loopback only).
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { createDatabase, type Db } from '../server/db/database.ts';
import { buyer, type Fixture, prepare } from './booking-setup.ts';
import { dropDatabase, recreate, withAdmin } from './scratch-postgres.ts';
import { type Server, startApi } from './server-process.ts';

const name = 'admit_blip';
const buyersPerRound = Number(process.env.BLIP_BUYERS) > 0 ? Number(process.env.BLIP_BUYERS) : 2000;
/** Buyers in flight at once, split between the instances. */
const lanes = 64;
/** A buyer sends the same order (same Idempotency-Key) this many times at most, waiting as a 503 asks. */
const triesPerBuyer = 6;

export interface BlipRound {
  round: string;
  /** From the blip to the last answer that blamed the database (a 503 saying so, or no answer at all), in seconds. */
  outageSeconds: number;
  /** Readiness answered 503 for this long on some instance, in seconds. */
  notReadySeconds: number;
  /** 503s that said the database connection was lost. */
  databaseUnavailable: number;
  /** 503s of a busy instance (overload shedding), counted apart: they are the machine's limit, not the blip's. */
  busy: number;
  /** Requests that got no HTTP answer at all. */
  answersLost: number;
  /** Buyers who never got an answer for their order, after every retry. */
  buyersUnanswered: number;
  acknowledged: number;
  /** Orders answered 201 that are not in the database. */
  ordersLost: number;
  /** Keys with more than one order: a retry that became a second order. */
  secondOrders: number;
  instancesUp: number;
}

interface Attempt {
  status: number | null;
  retryAfter: number;
  id?: string;
  /** A 503 for the database, not for a busy instance (overload shedding answers 503 too, with its own sentence). */
  database?: boolean;
}

async function placeOnce(server: Server, body: unknown, key: string): Promise<Attempt> {
  try {
    const response = await fetch(`${server.baseUrl}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    const id = response.status === 201 ? (JSON.parse(text) as { data: { id: string } }).data.id : undefined;
    const retryAfter = Number(response.headers.get('retry-after')) || 1;
    return { status: response.status, retryAfter, ...(id ? { id } : {}), database: /database/i.test(text) };
  } catch {
    return { status: null, retryAfter: 1 };
  }
}

/** Watches /api/ready on every instance until stopped; the seconds any of them said 503 or did not answer. */
function watchReadiness(servers: Server[]) {
  let stopped = false;
  let notReadyMs = 0;
  const watching = (async () => {
    while (!stopped) {
      const started = performance.now();
      const answers = await Promise.all(
        servers.map((server) =>
          fetch(`${server.baseUrl}/api/ready`, { signal: AbortSignal.timeout(3000) }).then(
            (response) => response.status,
            () => 0,
          ),
        ),
      );
      await sleep(50);
      if (answers.some((status) => status !== 200)) notReadyMs += performance.now() - started;
    }
  })();
  return async () => {
    stopped = true;
    await watching;
    return notReadyMs / 1000;
  };
}

const isUp = (server: Server) => server.child.exitCode === null && server.child.signalCode === null;

async function terminateSessions(): Promise<number> {
  return withAdmin(async (client) => {
    const { rows } = await client.query(
      'select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()) ended',
      [name],
    );
    return rows[0].n as number;
  });
}

/** The blip: every session ended, and with `awayMs` the database refusing new ones for that long. */
async function blip(awayMs: number): Promise<void> {
  if (awayMs > 0) await withAdmin((client) => client.query(`alter database "${name}" with allow_connections false`));
  await terminateSessions();
  if (awayMs === 0) return;
  await sleep(awayMs);
  await withAdmin((client) => client.query(`alter database "${name}" with allow_connections true`));
}

async function round(label: string, servers: Server[], db: Db, fixture: Fixture, awayMs: number): Promise<BlipRound> {
  const keys: string[] = [];
  const acknowledged = new Set<string>();
  let next = 0;
  let blipAt = Number.POSITIVE_INFINITY;
  let lastFailureAt = 0;
  let databaseUnavailable = 0;
  let busy = 0;
  let answersLost = 0;
  let buyersUnanswered = 0;
  const stopWatching = watchReadiness(servers);
  const rush = Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      const server = servers[lane % servers.length] as Server;
      for (let index = next++; index < buyersPerRound; index = next++) {
        const key = randomUUID();
        keys.push(key);
        const body = { eventId: fixture.eventId, items: [{ ticketTypeId: fixture.openTypeId, quantity: 1 }], buyer: buyer() };
        let answered = false;
        for (let attempt = 0; attempt < triesPerBuyer; attempt += 1) {
          // An instance that exited answers nobody again (no supervisor here): its buyers are not kept waiting.
          if (!isUp(server)) break;
          const outcome = await placeOnce(server, body, key);
          if (outcome.id) acknowledged.add(outcome.id);
          if (outcome.status === 201) {
            answered = true;
            break;
          }
          if (outcome.status === null || outcome.database) lastFailureAt = performance.now();
          if (outcome.status === null) answersLost += 1;
          if (outcome.status === 503) {
            if (outcome.database) databaseUnavailable += 1;
            else busy += 1;
          } else if (outcome.status !== null) {
            answered = true; // a refusal with a sentence is an answer; not retried
            break;
          }
          await sleep(outcome.retryAfter * 1000);
        }
        if (!answered) buyersUnanswered += 1;
      }
    }),
  );
  // Mid-rush: once a third of the buyers have been served.
  while (next < buyersPerRound / 3) await sleep(20);
  blipAt = performance.now();
  await blip(awayMs);
  await rush;
  const notReadySeconds = await stopWatching();
  const ids = [...acknowledged];
  const found = ids.length ? await db.selectFrom('orders').select('id').where('id', 'in', ids).execute() : [];
  const { rows } = await sql<{ n: string }>`select count(*) as n from (select idempotency_key from orders
    where idempotency_key = any(${keys}) group by idempotency_key having count(*) > 1) twice`.execute(db);
  const instancesUp = servers.filter(isUp).length;
  return {
    round: label,
    outageSeconds: lastFailureAt > blipAt ? Number(((lastFailureAt - blipAt) / 1000).toFixed(2)) : 0,
    notReadySeconds: Number(notReadySeconds.toFixed(2)),
    databaseUnavailable,
    busy,
    answersLost,
    buyersUnanswered,
    acknowledged: ids.length,
    ordersLost: ids.length - found.length,
    secondOrders: Number(rows[0]?.n ?? 0),
    instancesUp,
  };
}

export async function measureDbBlip(): Promise<BlipRound[]> {
  const url = await recreate(name);
  const db = createDatabase({ databaseUrl: url, dataDir: 'unused', poolSize: 2 });
  const servers: Server[] = [];
  try {
    const fixture = await prepare(db);
    for (const instance of ['a', 'b']) {
      servers.push(await startApi({ DATABASE_URL: url, DATA_DIR: mkdtempSync(join(tmpdir(), `admit-blip-${instance}-`)) }));
    }
    const rounds: BlipRound[] = [];
    rounds.push(await round('sessions ended', servers, db, fixture, 0));
    // The second round needs the instances the first left standing.
    if (servers.every(isUp)) rounds.push(await round('sessions ended, database away 1 s', servers, db, fixture, 1000));
    return rounds;
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await db.destroy();
    await dropDatabase(name);
  }
}

if (import.meta.main) {
  process.stdout.write(`Two API instances, ${buyersPerRound} buyers a round, ${lanes} at a time; the database blips mid-rush.\n`);
  const rounds = await measureDbBlip();
  for (const result of rounds) {
    process.stdout.write(
      `\n${result.round}\n` +
        (result.instancesUp === 0
          ? '  outage: until the instances are restarted (none is up)\n'
          : `  outage (blip to last 503 or lost answer): ${result.outageSeconds} s; readiness not 200 for ${result.notReadySeconds} s\n`) +
        `  answers: ${result.databaseUnavailable} 503s for the database, ${result.answersLost} lost, ${result.busy} 503s of a busy instance; ` +
        `buyers left without an answer: ${result.buyersUnanswered}\n` +
        `  orders: ${result.acknowledged} acknowledged, ${result.ordersLost} lost, ${result.secondOrders} second orders\n` +
        `  instances still up: ${result.instancesUp} of 2\n`,
    );
  }
}
