// `node bench/overload.ts [waves] [path]`: 1,000 requests at once, over 1,000 connections, at a public page, in waves
// (each starts when the last answer of the one before came), against one instance on a fresh embedded database:
// a bare Node HTTP server first as the host's baseline, then Admit in each mode (decisions 051 and 056):
//   shed    refuses what it cannot render in time, renders every request (051 alone);
//   on      as deployed: also keeps a public page a few seconds and answers a burst with one render (056);
//   cookie  as deployed, each request carrying a cookie, so none may be answered with a kept copy;
//   off     takes every request however long it waits (before 051; waves then last the 30 s timeout).
// Only 127.0.0.1. BENCH_OVERLOAD_MODES=shed,on,cookie (the default) chooses the modes; BENCH_CONCURRENCY changes the 1,000;
// DIST_DIR serves another build than ./dist (one that a build running meanwhile in this tree cannot replace);
// OVERLOAD_* and PAGE_* settings in the environment reach the instance (for trying other limits).
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { percentile, rawGet } from './http-util.ts';
import { admitServer, bareNodeServer, ensureBuild, killAllServers, type StartedServer, startServer } from './server-process.ts';

const waves = Number(process.argv[2]) > 0 ? Number(process.argv[2]) : 3;
const path = process.argv[3] ?? '/events';
const concurrency = Number(process.env.BENCH_CONCURRENCY) > 0 ? Number(process.env.BENCH_CONCURRENCY) : 1000;
const modes = (process.env.BENCH_OVERLOAD_MODES ?? 'shed,on,cookie').split(',').map((mode) => mode.trim());
/** A request unanswered this long counts as not answered: an unshed wave can take a minute on a busy host. */
const requestTimeoutMs = 30_000;

interface Answer {
  status: number;
  ms: number;
  retryAfter?: string;
  contentType?: string;
}

interface Figures {
  label: string;
  answers: Answer[];
  waveMs: number[];
  rssBeforeMb?: number;
  rssPeakMb?: number;
  rssAfterMb?: number;
  ready: Answer[];
}

async function ask(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await rawGet(url, headers, requestTimeoutMs);
    const retryAfter = response.headers['retry-after'];
    const contentType = response.headers['content-type'];
    return {
      status: response.status,
      ms: performance.now() - started,
      ...(retryAfter ? { retryAfter: String(retryAfter) } : {}),
      ...(contentType ? { contentType: String(contentType).split(';')[0] } : {}),
    };
  } catch {
    return { status: 0, ms: performance.now() - started };
  }
}

/** The waves, with /api/ready asked every 250 ms meanwhile when the server has it, and its memory sampled. */
async function measure(
  label: string,
  server: StartedServer,
  readyPath: string | undefined,
  headers: Record<string, string> = {},
): Promise<Figures> {
  const figures: Figures = { label, answers: [], waveMs: [], ready: [] };
  const url = `${server.baseUrl}${path}`;
  // Warm: the page's code and data are loaded before the first wave, as on a running instance.
  for (let index = 0; index < 20; index += 1) await ask(url, headers);
  await sleep(2000);
  figures.rssBeforeMb = server.rssMb();
  figures.rssPeakMb = figures.rssBeforeMb;
  let measuring = true;
  const sampler = (async () => {
    while (measuring) {
      figures.rssPeakMb = Math.max(figures.rssPeakMb ?? 0, server.rssMb());
      if (readyPath) figures.ready.push(await ask(`${server.baseUrl}${readyPath}`));
      await sleep(250);
    }
  })();
  for (let wave = 0; wave < waves; wave += 1) {
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: concurrency }, () => ask(url, { 'accept-encoding': 'br', ...headers })),
    );
    figures.waveMs.push(performance.now() - started);
    figures.answers.push(...answers);
    await sleep(1000);
  }
  measuring = false;
  await sampler;
  await sleep(3000);
  figures.rssAfterMb = server.rssMb();
  return figures;
}

const ms = (value: number) => `${Math.round(value).toLocaleString('en-GB')} ms`;
const mb = (value: number | undefined) => (value === undefined ? '–' : `${Math.round(value)} MB`);

function report(figures: Figures): string {
  const served = figures.answers.filter((answer) => answer.status === 200).map((answer) => answer.ms);
  const shed = figures.answers.filter((answer) => answer.status === 503);
  const byStatus = new Map<number, number>();
  for (const answer of figures.answers) byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
  const statuses = [...byStatus].sort(([a], [b]) => a - b).map(([status, count]) => `${status || 'no answer'}: ${count}`);
  const readyServed = figures.ready.filter((answer) => answer.status === 200);
  const lines = [
    `${figures.label}`,
    `  answers by status   ${statuses.join(', ')}`,
    `  served (200)        ${served.length} of ${figures.answers.length}; p50 ${ms(percentile(served, 50))}, p99 ${ms(percentile(served, 99))}, max ${ms(Math.max(0, ...served))}`,
    `  shed (503)          ${((shed.length / figures.answers.length) * 100).toFixed(1)}%${
      shed.length
        ? `; p50 ${ms(
            percentile(
              shed.map((a) => a.ms),
              50,
            ),
          )}, p99 ${ms(
            percentile(
              shed.map((a) => a.ms),
              99,
            ),
          )}; Retry-After ${[...new Set(shed.map((a) => a.retryAfter ?? 'none'))].join('/')}; ${[...new Set(shed.map((a) => a.contentType ?? '?'))].join('/')}`
        : ''
    }`,
    `  waves               ${figures.waveMs.map(ms).join(', ')}`,
    `  RSS                 before ${mb(figures.rssBeforeMb)}, peak ${mb(figures.rssPeakMb)}, 3 s after ${mb(figures.rssAfterMb)}`,
  ];
  if (figures.ready.length) {
    lines.push(
      `  /api/ready          ${readyServed.length} of ${figures.ready.length} answered 200; p99 ${ms(
        percentile(
          figures.ready.map((a) => a.ms),
          99,
        ),
      )}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The build to serve and the limits to try, from this process's environment. */
function passedOn(): Record<string, string> {
  const names = Object.keys(process.env).filter((name) => name === 'DIST_DIR' || /^(OVERLOAD|PAGE)_/.test(name));
  return Object.fromEntries(names.map((name) => [name, process.env[name] ?? '']));
}

async function main(): Promise<void> {
  if (!process.env.DIST_DIR) ensureBuild();
  const [one, five, fifteen] = loadavg().map((value) => value.toFixed(2));
  process.stdout.write(
    `${concurrency} requests at once for ${path}, ${waves} waves; ${cpus().length} × ${cpus()[0]?.model.trim()}, load average ${one} ${five} ${fifteen}\n\n`,
  );
  const bare = await startServer(bareNodeServer);
  try {
    process.stdout.write(report(await measure('bare Node HTTP server (baseline)', bare, undefined)));
  } finally {
    await bare.stop();
  }
  for (const mode of modes) {
    const dataDir = mkdtempSync(join(tmpdir(), 'admit-overload-'));
    try {
      // A fresh database is migrated and seeded first: minutes on a loaded host.
      const admit = await startServer(
        admitServer(dataDir, 240_000, {
          ...passedOn(),
          OVERLOAD_SHEDDING: mode === 'off' ? '0' : '1',
          ...(mode === 'off' || mode === 'shed' ? { PAGE_KEEP_SECONDS: '0' } : {}),
        }),
      );
      try {
        const headers: Record<string, string> = mode === 'cookie' ? { cookie: 'admit_seen=1' } : {};
        process.stdout.write(report(await measure(`Admit, ${mode}`, admit, '/api/ready', headers)));
      } finally {
        await admit.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  process.stdout.write(
    `\nload average after: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}\n`,
  );
}

main().catch((error: unknown) => {
  killAllServers();
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
