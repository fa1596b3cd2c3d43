import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './types.ts';

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when absent the embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** Folder for the embedded database; `memory://` keeps it in memory (tests). */
  dataDir: string;
  poolSize?: number;
}

/**
 * A pg client that writes the statements sent in one turn of the event loop as one write, not one
 * system call each: on a busy loopback those calls are a large part of a request's CPU time.
 */
class BatchingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const send = this.query.bind(this) as (...args: unknown[]) => unknown;
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
      return send(...args);
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
    // An idle connection that the server drops (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (error) => process.stderr.write(`database connection lost: ${error.message}\n`));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  return new Kysely<Database>({ dialect: new PGliteDialect({ pglite: openPglite(options.dataDir) }) });
}

function openPglite(dataDir: string): PGlite {
  if (dataDir.startsWith('memory://')) return new PGlite(dataDir);
  const folder = join(dataDir, 'pglite');
  mkdirSync(folder, { recursive: true });
  return new PGlite(folder);
}

/** True when the database answers a trivial query. */
export async function isDatabaseReachable(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
