// Spawns servers, times them to their first 200 on GET /, reads their memory and always stops them again.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../tests/fixtures/free-port.ts';
import { rawGet } from './http-util.ts';

export const repoRoot = resolve(import.meta.dirname, '..');

const live = new Set<ChildProcess>();

/** Admit's production build in dist/, built first when there is none. */
export function ensureBuild(): void {
  const built =
    existsSync(join(repoRoot, 'dist', 'server', 'entry-server.js')) &&
    existsSync(join(repoRoot, 'dist', 'client', '.vite', 'manifest.json'));
  if (built) return;
  process.stdout.write('No build in dist/; running npm run build first…\n');
  const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`npm run build failed (${build.status ?? build.signal})`);
}

/** Last resort, also on errors and Ctrl-C: no spawned server outlives the benchmark. */
export function killAllServers(): void {
  for (const child of live) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  live.clear();
}
process.on('exit', killAllServers);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killAllServers();
    process.exit(130);
  });
}

export interface StartedServer {
  pid: number;
  baseUrl: string;
  /** From spawn until the first GET / answered 200. */
  readyMs: number;
  /** Resident set size of the server process, in MB (10^6 bytes). */
  rssMb(): number;
  /** SIGTERM, wait for the exit (SIGKILL after 15 s). */
  stop(): Promise<void>;
}

interface Spec {
  args: string[];
  env: NodeJS.ProcessEnv;
  readyTimeoutMs: number;
}

/** A small, fixed environment, so nothing from the caller's shell (DATABASE_URL, REDIS_URL…) leaks in. */
function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const key of ['PATH', 'HOME', 'TMPDIR', 'LANG']) if (process.env[key]) env[key] = process.env[key];
  return env;
}

/** The production Admit server on an embedded database in dataDir (`env` adds or overrides settings). */
export const admitServer =
  (dataDir: string, readyTimeoutMs = 60_000, env: Record<string, string> = {}) =>
  (port: number): Spec => ({
    // As `npm start` runs it: ssr/start.mjs keeps Node's compiled code on disk between starts.
    args: ['ssr/start.mjs'],
    env: {
      ...baseEnv(),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    readyTimeoutMs,
  });

/** A door bench books its event's tickets as many guests from one address: the per-network limits count, never refuse. */
export const bookingLimitsOutOfReach: Record<string, string> = {
  ORDER_LIMIT_PER_ADDRESS: '1000000000',
  ORDER_FREE_TICKETS_PER_NETWORK: '1000000000',
  ORDER_HELD_TICKETS_PER_NETWORK: '1000000000',
};

/** The baseline: the smallest possible Node HTTP server. */
export const bareNodeServer = (port: number): Spec => ({
  args: ['-e', `require('http').createServer((q,s)=>s.end('ok')).listen(${port},'127.0.0.1')`],
  env: baseEnv(),
  readyTimeoutMs: 10_000,
});

function readRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
  if (!Number.isFinite(kib)) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return (kib * 1024) / 1e6;
}

/** Spawns on a free port and polls GET / every 25 ms until it answers 200. */
export async function startServer(makeSpec: (port: number) => Spec): Promise<StartedServer> {
  const port = await freePort();
  const spec = makeSpec(port);
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  let spawnError: Error | undefined;

  const startedAt = performance.now();
  const child = spawn(process.execPath, spec.args, { cwd: repoRoot, env: spec.env, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('error', (error) => {
    spawnError = error;
  });
  const exited = new Promise<void>((done) => child.once('close', () => done()));
  exited.then(() => live.delete(child));
  const hasExited = () => child.exitCode !== null || child.signalCode !== null || spawnError !== undefined;

  const stop = async () => {
    if (hasExited()) return;
    child.kill('SIGTERM');
    const stopped = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
    if (!stopped) {
      child.kill('SIGKILL');
      await exited;
    }
  };

  const deadline = startedAt + spec.readyTimeoutMs;
  for (;;) {
    if (hasExited()) {
      throw new Error(
        `server ${spec.args.join(' ')} exited before serving / (${spawnError?.message ?? child.exitCode}):\n${output}`,
      );
    }
    const status = await rawGet(`${baseUrl}/`, {}, 2000).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) break;
    if (performance.now() > deadline) {
      await stop();
      throw new Error(
        `server ${spec.args.join(' ')} did not serve / within ${spec.readyTimeoutMs} ms (last status ${status}):\n${output}`,
      );
    }
    await sleep(25);
  }
  const readyMs = performance.now() - startedAt;
  const pid = child.pid;
  if (pid === undefined) throw new Error('spawned server has no pid');
  return { pid, baseUrl, readyMs, rssMb: () => readRssMb(pid), stop };
}

export interface Server {
  baseUrl: string;
  child: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * The API server alone (server/main.ts) with the given environment (DATABASE_URL, DATA_DIR, …), ready when
 * /api/health answers. Every bench client comes from one address: the per-address order limit counts, never refuses.
 */
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
      // A bench instance is a local one, on PostgreSQL too: the sandbox pays, and a new database gets the demo data.
      DEPLOYMENT: 'local',
      DEMO_DATA: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // Every buyer here comes from one address: the per-address limit and the network's limits on what it
      // holds (decision 021) still count each order, never refuse one.
      ORDER_LIMIT_PER_ADDRESS: String(1_000_000_000),
      ORDER_FREE_TICKETS_PER_NETWORK: String(1_000_000_000),
      ORDER_HELD_TICKETS_PER_NETWORK: String(1_000_000_000),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  live.add(child);
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-2000);
  });
  const exited = new Promise<void>((done) => child.once('close', () => done()));
  exited.then(() => live.delete(child));
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
