import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { isConnectionLost } from './connection-loss.ts';
import { ResilientPostgresDialect } from './resilient-driver.ts';
import { RetryingKysely } from './transaction-retry.ts';
import type { Database } from './types.ts';

export type Db = Kysely<Database>;
export type Executor = Kysely<Database> | Transaction<Database>;

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when absent the embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** Folder for the embedded database; `memory://` keeps it in memory (tests). */
  dataDir: string;
  poolSize?: number;
}

/** Statements one connection keeps prepared, at most: the app has far fewer shapes, so only a runaway is cut off. */
const preparedPerConnection = 256;
const statementNames = new Map<string, string>();

/** A stable name for a statement's text, the same on every connection (pg prepares it once on each). */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `s${createHash('sha256').update(text).digest('base64url').slice(0, 22)}`;
    if (statementNames.size < preparedPerConnection * 4) statementNames.set(text, name);
  }
  return name;
}

/**
 * A pg client that writes the statements sent in one turn of the event loop as one write, not one
 * system call each (on a busy loopback those calls are a large part of a request's CPU time), and
 * that prepares each statement with parameters once per connection: PostgreSQL then parses it once
 * and, once its plans have settled, stops planning it (decision 015).
 */
class BatchingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // pg's pool listens for errors only while a connection is idle. One that dies while a request holds it
    // (the server terminated it, or restarted) would otherwise emit an 'error' nobody hears, which ends the process.
    let lost = false;
    this.on('error', (error) => {
      if (lost) return;
      lost = true;
      process.stderr.write(`database connection lost: ${error.message}\n`);
    });
    // A statement answered with a lost connection (a FATAL from the server) ends the client at once, so the
    // pool drops it when it is handed back instead of lending it out before its socket has closed.
    const ended = (error: Error | null) => {
      if (!error || lost || !isConnectionLost(error)) return;
      lost = true;
      this.end().catch(() => undefined);
    };
    const send = this.query.bind(this) as (...args: unknown[]) => unknown;
    const prepared = new Set<string>();
    let corked = false;
    this.query = ((...args: unknown[]) => {
      const stream = (this as unknown as { connection?: { stream?: Partial<Writable> } }).connection?.stream;
      if (!corked && stream?.cork && stream.uncork) {
        corked = true;
        stream.cork();
        process.nextTick(() => {
          corked = false;
          stream.uncork?.();
        });
      }
      let call = args;
      const [text, values, ...rest] = args;
      // Only statements with parameters: one without goes as a simple query, which may hold several commands.
      if (typeof text === 'string' && Array.isArray(values) && values.length > 0) {
        const name = statementName(text);
        if (prepared.has(name) || prepared.size < preparedPerConnection) {
          prepared.add(name);
          call = [{ name, text, values }, ...rest];
        }
      }
      if (call.some((arg) => typeof arg === 'function') || typeof (call[0] as { submit?: unknown })?.submit === 'function')
        return send(...call);
      // Answered through a callback, not pg's own promise: with that promise about a third of what each query
      // allocates outlived V8's young-generation collections (so the young generation grew to its ceiling under a
      // long report file); with a callback, 1–2% (decision 044).
      return new Promise((resolve, reject) => {
        send(...call, (error: Error | null, result: unknown) => {
          ended(error);
          return error ? reject(error) : resolve(result);
        });
      });
    }) as pg.Client['query'];
  }
}

/** Opens the database the configuration names: PostgreSQL when given a URL, else embedded PGlite. */
export function createDatabase(options: DatabaseOptions): Db {
  if (options.databaseUrl) {
    // Pipeline mode: statements sent together are written at once (see pipelinedTransaction); one
    // awaited at a time, as usual, behave as without it.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      pipeline: true,
      Client: BatchingClient,
    });
    // An idle connection that the server drops (restart, failover) is removed and reported by its client (see
    // BatchingClient); the pool replaces it on the next query. Without a listener here the pool's 'error' would end the process.
    pool.on('error', () => undefined);
    // A lost connection costs the requests that used it a retry or a 503, never the process (decision 053).
    return new RetryingKysely<Database>({ dialect: new ResilientPostgresDialect({ pool }) });
  }
  // PGlite's module loads with the first query, so a server on PostgreSQL never holds it (decision 065).
  return new Kysely<Database>({ dialect: new PGliteDialect({ pglite: () => openPglite(options.dataDir) }) });
}

async function openPglite(dataDir: string): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (dataDir.startsWith('memory://')) return new PGlite(dataDir);
  const folder = join(dataDir, 'pglite');
  mkdirSync(folder, { recursive: true });
  // PostgreSQL's default 128 MB of shared buffers lives in this process's memory here, beside the operating system's
  // own cache of the same files: a small instance's database fits in far less (decision 055).
  return new PGlite(folder, { postgresqlconf: [`shared_buffers=${pgliteSharedBuffers}`] });
}

/** The embedded database's shared buffers. */
export const pgliteSharedBuffers = '16MB';
