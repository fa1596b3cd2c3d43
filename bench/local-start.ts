// A newcomer's local instance: how long `npm start` takes to its first page, cold and warm, beside a bare Node server
// started in the same run, and how much memory it holds after 20 pages, on the embedded database and on PostgreSQL.
// Run alone: `node bench/local-start.ts` (BENCH_DATABASE_URL or TEST_DATABASE_URL names the PostgreSQL server).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, rawGet } from './http-util.ts';
import { dropDatabase, postgresReachable, recreate } from './scratch-postgres.ts';
import { admitServer, bareNodeServer, ensureBuild, type StartedServer, startServer } from './server-process.ts';

const runs = Number(process.env.BENCH_RUNS ?? 3);

/** Twenty page loads a visitor makes first: the home page, listings, event pages, help answers, policies. */
async function twentyPages(server: StartedServer): Promise<void> {
  const home = await rawGet(`${server.baseUrl}/api/events?pageSize=6`, {}, 30_000);
  const ids = ((JSON.parse(home.body.toString('utf8')) as { data?: { items?: Array<{ id: string }> } }).data?.items ?? []).map(
    (e) => e.id,
  );
  const paths = [
    '/',
    '/events',
    '/events/music',
    ...ids.map((id) => `/event/${id}`),
    '/help-desk',
    '/faqs/refund-policy',
    '/about-us',
    '/terms',
    '/policy',
    '/policy/cookies',
    '/sign-in',
    '/sign-up',
    '/kyc-status',
    '/help-desk/raise-case',
  ];
  for (const path of [...paths, ...paths].slice(0, 20)) await rawGet(`${server.baseUrl}${path}`, {}, 30_000);
}

async function startRuns(
  make: Parameters<typeof startServer>[0],
): Promise<{ median: number; runs: number[]; last: StartedServer }> {
  const times: number[] = [];
  let server: StartedServer | undefined;
  for (let i = 0; i < runs; i++) {
    await server?.stop();
    server = await startServer(make);
    times.push(Math.round(server.readyMs));
  }
  if (!server) throw new Error('no start was measured');
  return { median: median(times), runs: times, last: server };
}

ensureBuild();
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
const out: Record<string, unknown> = { loadAverageAtStart: load() };

const bare = await startRuns(bareNodeServer);
await bare.last.stop();
out.bareNodeMs = { median: bare.median, runs: bare.runs };

const dataDir = mkdtempSync(join(tmpdir(), 'admit-local-start-'));
try {
  const first = await startServer(admitServer(dataDir, 180_000));
  out.firstStartMs = Math.round(first.readyMs);
  await first.stop();
  const warm = await startRuns(admitServer(dataDir));
  out.warmStartMs = { median: warm.median, runs: warm.runs, overBareNode: +(warm.median / bare.median).toFixed(1) };
  out.pgliteRssMb = { afterFirstPage: Math.round(warm.last.rssMb()) };
  await twentyPages(warm.last);
  (out.pgliteRssMb as Record<string, number>).after20Pages = Math.round(warm.last.rssMb());
  await warm.last.stop();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

if (await postgresReachable()) {
  const name = 'admit_bench_local_start';
  const databaseUrl = await recreate(name);
  const pgDir = mkdtempSync(join(tmpdir(), 'admit-local-start-pg-'));
  try {
    const env = { DATABASE_URL: databaseUrl, DEPLOYMENT: 'local', DEMO_DATA: '1' };
    const first = await startServer(admitServer(pgDir, 180_000, env));
    await first.stop();
    const server = await startServer(admitServer(pgDir, 60_000, env));
    out.postgresWarmStartMs = Math.round(server.readyMs);
    await twentyPages(server);
    out.postgresRssMbAfter20Pages = Math.round(server.rssMb());
    await server.stop();
  } finally {
    await dropDatabase(name);
    rmSync(pgDir, { recursive: true, force: true });
  }
}
out.loadAverageAtEnd = load();
process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
