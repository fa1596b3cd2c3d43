// Scratch databases on the benchmark's PostgreSQL, and pgbench runs on them, for the benches that compare the
// app with pgbench on the same server. BENCH_DATABASE_URL or TEST_DATABASE_URL names the server
// (default postgres://postgres@127.0.0.1:5432/postgres).
import { execFileSync } from 'node:child_process';
import pg from 'pg';

export const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

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

export async function dropDatabase(name: string): Promise<void> {
  await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/** A new empty database (dropped first if it was there); its URL. */
export async function recreate(name: string): Promise<string> {
  await dropDatabase(name);
  await withAdmin((client) => client.query(`CREATE DATABASE "${name}"`));
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

/**
 * pgbench's transactions per second with 64 clients and 2 threads, on a scratch database made and dropped
 * here: its default TPC-B-like script, or with `['-N']` the simple update.
 */
export async function pgbenchTps(name: string, durationS: number, script: string[] = []): Promise<number> {
  await recreate(name);
  const url = new URL(databaseUrlFor(name));
  const args = ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres')];
  const env = { ...process.env, ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}) };
  try {
    execFileSync('pgbench', ['-i', '-q', ...args, name], { env, stdio: 'pipe' });
    const output = execFileSync('pgbench', [...script, '-c', '64', '-j', '2', '-T', String(durationS), ...args, name], {
      env,
      stdio: 'pipe',
      encoding: 'utf8',
    });
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(output)?.[1] ?? /tps = ([\d.]+)/.exec(output)?.[1];
    if (!tps) throw new Error(`no tps in pgbench output:\n${output}`);
    return Number(tps);
  } finally {
    await dropDatabase(name);
  }
}
