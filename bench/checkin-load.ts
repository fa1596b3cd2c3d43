// The door: online check-ins per second and p99 at 64 concurrent scanners over HTTP, next to `pgbench -N`
// on the same PostgreSQL in the same run; the same on PGlite; and the 100,000-ticket scan-data download
// (bytes on the wire per ticket, gzip, and the time to fetch and parse every page).
// PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres);
// scratch databases admit_bench_checkins and admit_bench_pgbench_n are created and dropped.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { demoPassword } from '../server/cli/seed-accounts.ts';
import { createDatabase, type Db } from '../server/db/database.ts';
import { bulkTickets } from '../tests/fixtures/tickets.ts';
import { percentile } from './http-util.ts';
import { backendPids, cpuMeter } from './process-cpu.ts';
import { adminUrl, databaseUrlFor, dropDatabase, pgbenchTps, recreate } from './scratch-postgres.ts';
import { type Server, startApi } from './server-process.ts';

export interface CheckinLoad {
  backend: 'postgres' | 'pglite';
  concurrency: number;
  durationS: number;
  checkinsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  results: Record<string, number>;
  /** CPU per check-in of the app server, and of the database's backends (PostgreSQL only). */
  serverCpuMs: number;
  databaseCpuMs: number | null;
  /** CPU per check-in of this process, the 64 scanners' side (HTTP client, JSON). */
  clientCpuMs: number;
}

export interface CheckinBench {
  pgbenchTps: number | null;
  postgres: CheckinLoad | null;
  pglite: CheckinLoad | null;
  /** check-ins per second on PostgreSQL over pgbench -N tps (goal ≥ 0.5). */
  ratioToPgbench: number | null;
  manifest: {
    backend: string;
    tickets: number;
    pages: number;
    wireBytes: number;
    bytesPerTicket: number;
    downloadMs: number;
  } | null;
  notes: string[];
}

const CONCURRENCY = 64;
const LOAD_TICKETS = 40_000;
const MANIFEST_TICKETS = 100_000;
const DOOR_EMAIL = 'door@northernlights.demo';

/** The API server on PostgreSQL (a URL) or on PGlite in `dataDir`. */
const serverEnv = (dataDir: string, databaseUrl: string | null): Record<string, string> => ({
  DATA_DIR: dataDir,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});

/** An upcoming event of the door account's organisation, and its ticket types. */
async function doorEvent(db: Db): Promise<{ eventId: string; typeIds: string[] }> {
  const event = await db
    .selectFrom('events')
    .innerJoin('organization_members as m', 'm.organization_id', 'events.organization_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('events.id')
    .where('u.email', '=', DOOR_EMAIL)
    .orderBy('events.starts_at', 'desc')
    .executeTakeFirstOrThrow();
  const types = await db.selectFrom('ticket_types').select('id').where('event_id', '=', event.id).execute();
  return { eventId: event.id, typeIds: types.map((type) => type.id) };
}

/** The door staff of the door account's organisation: one account per scanner, as a door team has (the scan quota is per account). */
async function doorTeam(db: Db, size: number): Promise<string[]> {
  const door = await db
    .selectFrom('users')
    .innerJoin('organization_members as m', 'm.user_id', 'users.id')
    .selectAll('users')
    .select('m.organization_id')
    .where('users.email', '=', DOOR_EMAIL)
    .executeTakeFirstOrThrow();
  const emails = Array.from({ length: size - 1 }, (_, index) => `door-${index + 2}@bench.demo`);
  const created = await db
    .insertInto('users')
    .values(
      emails.map((email) => ({
        email,
        first_name: door.first_name,
        last_name: door.last_name,
        // The demo door account's hash: the same demo password signs them in.
        password_hash: door.password_hash,
        date_of_birth: door.date_of_birth,
        user_type: door.user_type,
        email_confirmed_at: door.email_confirmed_at,
      })),
    )
    .returning('id')
    .execute();
  await db
    .insertInto('organization_members')
    .values(created.map(({ id }) => ({ organization_id: door.organization_id, user_id: id, role: 'door' as const })))
    .execute();
  return [DOOR_EMAIL, ...emails];
}

async function signIn(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: demoPassword }),
  });
  const body = (await response.json()) as { data?: { accessToken: string } };
  if (!body.data) throw new Error(`door sign-in answered ${response.status}`);
  return body.data.accessToken;
}

/** Keep-alive HTTP POSTs of JSON; answers status and body. */
function post(agent: http.Agent, url: URL, token: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function loadCheckins(
  server: Server,
  database: string | null,
  tokens: string[],
  eventId: string,
  codes: string[],
  durationS: number,
  backend: CheckinLoad['backend'],
): Promise<CheckinLoad> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const url = new URL(`${server.baseUrl}/api/events/${eventId}/checkins`);
  let next = 0;
  const results: Record<string, number> = {};
  const latencies: number[] = [];
  let errors = 0;
  const run = async (until: number, measure: boolean, device: string, token: string) => {
    while (performance.now() < until) {
      const code = codes[next % codes.length] as string;
      next += 1;
      const body = JSON.stringify({ code, deviceId: device, clientScanId: randomUUID(), scannedAt: new Date().toISOString() });
      const started = performance.now();
      const response = await post(agent, url, token, body).catch(() => ({ status: 0, text: '' }));
      const ms = performance.now() - started;
      if (!measure) continue;
      if (response.status !== 200) {
        errors += 1;
        continue;
      }
      latencies.push(ms);
      const result = (JSON.parse(response.text) as { data: { result: string } }).data.result;
      results[result] = (results[result] ?? 0) + 1;
    }
  };
  const devices = Array.from({ length: CONCURRENCY }, (_, index) => `bench-scanner-${backend}-${index}`);
  const tokenOf = (index: number) => tokens[index % tokens.length] as string;
  // Warm up (connections, JIT, caches), then measure.
  const warm = performance.now() + 2000;
  await Promise.all(devices.map((device, index) => run(warm, false, device, tokenOf(index))));
  const serverCpu = cpuMeter([server.child.pid ?? -1]);
  const clientCpu = cpuMeter([process.pid]);
  const databaseCpu = database ? cpuMeter(await backendPids(adminUrl, database)) : null;
  const started = performance.now();
  const until = started + durationS * 1000;
  await Promise.all(devices.map((device, index) => run(until, true, device, tokenOf(index))));
  const elapsedS = (performance.now() - started) / 1000;
  const perCheckinMs = (seconds: number) => (latencies.length ? (seconds * 1000) / latencies.length : 0);
  agent.destroy();
  return {
    backend,
    concurrency: CONCURRENCY,
    durationS,
    checkinsPerSec: latencies.length / elapsedS,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    errors,
    results,
    serverCpuMs: perCheckinMs(serverCpu()),
    databaseCpuMs: databaseCpu ? perCheckinMs(databaseCpu()) : null,
    clientCpuMs: perCheckinMs(clientCpu()),
  };
}

/** GET with gzip, counting the bytes that crossed the wire. */
function getGzip(url: string, token: string): Promise<{ wireBytes: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          const text = response.headers['content-encoding'] === 'gzip' ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
          if (response.statusCode !== 200)
            return reject(new Error(`scan-data answered ${response.statusCode}: ${text.slice(0, 200)}`));
          resolve({ wireBytes: raw.length, json: JSON.parse(text) });
        });
      })
      .on('error', reject);
  });
}

async function downloadManifest(baseUrl: string, token: string, eventId: string) {
  const started = performance.now();
  let wireBytes = 0;
  let pages = 0;
  let tickets = 0;
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?cursor=${cursor}` : '';
    const page = await getGzip(`${baseUrl}/api/events/${eventId}/scan-data${query}`, token);
    const data = (page.json as { data: { nextCursor: string | null; tickets: { ids: string } } }).data;
    wireBytes += page.wireBytes;
    pages += 1;
    tickets += data.tickets.ids.length / 22;
    cursor = data.nextCursor;
  } while (cursor);
  return { tickets, pages, wireBytes, bytesPerTicket: wireBytes / Math.max(1, tickets), downloadMs: performance.now() - started };
}

interface Prepared {
  server: Server;
  /** One door account's access token per scanner. */
  tokens: string[];
  eventId: string;
  codes: string[];
  manifestEventId: string | null;
}

/** A server seeded with demo data, then tickets for the load (and the 100,000 for the manifest). */
async function prepare(dataDir: string, databaseUrl: string | null, withManifest: boolean): Promise<Prepared> {
  // First start: migrations and demo data. Stopped so PGlite's files can be written from here.
  const first = await startApi(serverEnv(dataDir, databaseUrl));
  await first.stop();
  const db = createDatabase(databaseUrl ? { databaseUrl, dataDir, poolSize: 4 } : { dataDir });
  let manifestEventId: string | null = null;
  let codes: string[];
  let eventId: string;
  let emails: string[];
  try {
    emails = await doorTeam(db, CONCURRENCY);
    const target = await doorEvent(db);
    eventId = target.eventId;
    const validUntil = new Date(Date.now() + 30 * 86_400_000);
    const tickets = await bulkTickets(db, { eventId, ticketTypeIds: target.typeIds, count: LOAD_TICKETS, validUntil });
    codes = tickets.map((ticket) => ticket.code);
    if (withManifest) {
      const copy = await db.selectFrom('events').select(['organization_id']).where('id', '=', eventId).executeTakeFirstOrThrow();
      const other = await db
        .selectFrom('events')
        .select('id')
        .where('organization_id', '=', copy.organization_id)
        .where('id', '!=', eventId)
        .executeTakeFirst();
      if (other) {
        const types = await db.selectFrom('ticket_types').select('id').where('event_id', '=', other.id).execute();
        await bulkTickets(db, {
          eventId: other.id,
          ticketTypeIds: types.map((type) => type.id),
          count: MANIFEST_TICKETS,
          validUntil,
        });
        manifestEventId = other.id;
      }
    }
  } finally {
    await db.destroy();
  }
  const server = await startApi(serverEnv(dataDir, databaseUrl));
  const tokens: string[] = [];
  // A few at a time: each sign-in verifies a password hash, which is meant to be slow.
  for (let start = 0; start < emails.length; start += 8) {
    tokens.push(...(await Promise.all(emails.slice(start, start + 8).map((email) => signIn(server.baseUrl, email)))));
  }
  return { server, tokens, eventId, codes, manifestEventId };
}

export async function measureCheckins(durationS: number, { postgresOnly = false } = {}): Promise<CheckinBench> {
  const notes: string[] = [];
  let pgbench: number | null = null;
  let postgres: CheckinLoad | null = null;
  let manifest: CheckinBench['manifest'] | null = null;
  const scratch = mkdtempSync(join(tmpdir(), 'admit-bench-door-'));
  try {
    let pgReachable = true;
    try {
      await recreate('admit_bench_checkins');
    } catch (error) {
      pgReachable = false;
      notes.push(`PostgreSQL not reachable (${(error as Error).message}); PostgreSQL figures skipped.`);
    }
    if (pgReachable) {
      const prepared = await prepare(join(scratch, 'pg'), databaseUrlFor('admit_bench_checkins'), !postgresOnly);
      try {
        pgbench = await pgbenchTps('admit_bench_pgbench_n', durationS, ['-N']);
        postgres = await loadCheckins(
          prepared.server,
          'admit_bench_checkins',
          prepared.tokens,
          prepared.eventId,
          prepared.codes,
          durationS,
          'postgres',
        );
        if (prepared.manifestEventId && !postgresOnly) {
          manifest = {
            backend: 'postgres',
            ...(await downloadManifest(prepared.server.baseUrl, prepared.tokens[0] as string, prepared.manifestEventId)),
          };
        }
      } finally {
        await prepared.server.stop();
        await dropDatabase('admit_bench_checkins');
      }
    }
    const ratioToPgbench = pgbench && postgres ? postgres.checkinsPerSec / pgbench : null;
    if (postgresOnly) return { pgbenchTps: pgbench, postgres, pglite: null, ratioToPgbench, manifest: null, notes };
    const prepared = await prepare(join(scratch, 'pglite'), null, manifest === null);
    let pglite: CheckinLoad;
    try {
      pglite = await loadCheckins(prepared.server, null, prepared.tokens, prepared.eventId, prepared.codes, durationS, 'pglite');
      if (!manifest && prepared.manifestEventId) {
        manifest = {
          backend: 'pglite',
          ...(await downloadManifest(prepared.server.baseUrl, prepared.tokens[0] as string, prepared.manifestEventId)),
        };
      }
    } finally {
      await prepared.server.stop();
    }
    if (!manifest) throw new Error('no second event to hold the manifest tickets');
    return {
      pgbenchTps: pgbench,
      postgres,
      pglite,
      ratioToPgbench,
      manifest,
      notes,
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The lines of the report. */
export function formatCheckins(result: CheckinBench): string {
  const load = (l: CheckinLoad | null) =>
    l
      ? `${l.checkinsPerSec.toFixed(0)} check-ins/s, p50 ${l.p50Ms.toFixed(1)} ms, p99 ${l.p99Ms.toFixed(1)} ms (${l.concurrency} scanners, ${l.errors} errors); ` +
        `CPU per check-in: server ${l.serverCpuMs.toFixed(2)} ms${l.databaseCpuMs === null ? '' : `, database ${l.databaseCpuMs.toFixed(2)} ms`}, scanners ${l.clientCpuMs.toFixed(2)} ms`
      : 'skipped';
  const lines = [
    'Door check-ins (online, over HTTP)',
    `  PostgreSQL: ${load(result.postgres)}`,
    `  pgbench -N -c 64 -j 2 (same PostgreSQL): ${result.pgbenchTps === null ? 'skipped' : `${result.pgbenchTps.toFixed(0)} tps`}` +
      (result.ratioToPgbench === null ? '' : ` → ratio ${result.ratioToPgbench.toFixed(2)} (goal ≥ 0.5; p99 goal ≤ 25 ms)`),
    `  PGlite: ${load(result.pglite)}`,
    result.manifest
      ? `  Scan data for ${result.manifest.tickets.toLocaleString('en-GB')} tickets (${result.manifest.backend}): ` +
        `${result.manifest.bytesPerTicket.toFixed(1)} bytes/ticket gzip (goal ≤ 40), ${result.manifest.pages} pages, ` +
        `${(result.manifest.downloadMs / 1000).toFixed(2)} s to download and parse`
      : '  Scan data: skipped',
    ...result.notes.map((note) => `  note: ${note}`),
  ];
  return `${lines.join('\n')}\n`;
}

// Alone: `node bench/checkin-load.ts` (BENCH_DURATION seconds per load run, default 10); BENCH_POSTGRES_ONLY=1
// measures only the PostgreSQL load (no PGlite run, no manifest); BENCH_PROFILE=<folder> profiles the server.
if (import.meta.main) {
  const durationS = Number(process.env.BENCH_DURATION) > 0 ? Number(process.env.BENCH_DURATION) : 10;
  measureCheckins(durationS, { postgresOnly: process.env.BENCH_POSTGRES_ONLY === '1' }).then(
    (result) => {
      process.stdout.write(formatCheckins(result));
      process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    },
    (error: unknown) => {
      process.stderr.write(`checkin bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}
