import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  PostgresDialect,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { isConnectionLost, unavailable } from './connection-loss.ts';

// Kysely's PostgreSQL driver, with what a lost connection costs kept to the request that used it (decision 053):
// a read sent on its own is sent again on another connection; anything else is answered as a 503 with a sentence.
// Transactions are tried again as a whole by the database (database.ts), never statement by statement here.

/** Attempts in all for a read whose connection was lost, and the pauses between them: long enough for a
 * terminated backend's pool to reconnect, short enough that a database that is away answers within a second. */
const readPauses = [50, 250];

/** Statements that change nothing: a SELECT (or a raw one) with no writing command or side-effecting call in it. */
const writes =
  /\b(insert|update|delete|merge|copy|nextval|setval|set_config|admit_refuse|pg_notify|pg_advisory_lock|pg_terminate_backend)\b/i;
export function isRead(query: CompiledQuery): boolean {
  const kind = query.query.kind;
  if (kind !== 'SelectQueryNode' && kind !== 'RawNode') return false;
  return /^\s*(\(\s*)?(select|with|show|values)\b/i.test(query.sql) && !writes.test(query.sql);
}

const opensTransaction = /^\s*(begin|start\s+transaction)\b/i;
const endsTransaction = /^\s*(commit|rollback|end|abort)\s*;?\s*$/i;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One pooled connection as Kysely sees it; a read outside a transaction moves to a new connection when this one dies. */
class ResilientConnection implements DatabaseConnection {
  readonly driver: Driver;
  inner: DatabaseConnection;
  /** A transaction is open (Kysely's, or a `begin` sent as a statement): its statements are never sent again here. */
  inTransaction = false;

  constructor(driver: Driver, inner: DatabaseConnection) {
    this.driver = driver;
    this.inner = inner;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // Read and set before anything is awaited: a pipelined batch hands every statement over in one turn.
    if (opensTransaction.test(query.sql)) this.inTransaction = true;
    const ending = endsTransaction.test(query.sql);
    const retriable = !this.inTransaction && isRead(query);
    try {
      for (let attempt = 0; ; attempt += 1) {
        try {
          return await this.inner.executeQuery<R>(query);
        } catch (error) {
          if (!isConnectionLost(error)) throw error;
          const wait = readPauses[attempt];
          if (!retriable || wait === undefined) throw unavailable(error);
          await pause(wait);
          await this.reconnect(error);
        }
      }
    } finally {
      if (ending) this.inTransaction = false;
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }

  /** Hands the dead connection back (the pool drops it: its client was ended) and takes another. */
  private async reconnect(cause: unknown): Promise<void> {
    await this.driver.releaseConnection(this.inner);
    try {
      this.inner = await this.driver.acquireConnection();
    } catch (error) {
      // Nothing to hand back on release: a connection that never came is answered as the loss it follows.
      this.inner = deadConnection(cause);
      throw unavailable(error);
    }
  }
}

/** Stands in for a connection that could not be replaced, so the release that follows has nothing to do. */
function deadConnection(cause: unknown): DatabaseConnection & { dead: true } {
  return {
    dead: true,
    executeQuery: () => Promise.reject(unavailable(cause)),
    // biome-ignore lint/correctness/useYield: it has no rows to give, only the failure.
    streamQuery: async function* () {
      throw unavailable(cause);
    },
  };
}

/** The driver around Kysely's: connection failures become 503s, lost reads are sent again. */
class ResilientDriver implements Driver {
  readonly inner: Driver;

  constructor(inner: Driver) {
    this.inner = inner;
  }

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    try {
      return new ResilientConnection(this.inner, await this.inner.acquireConnection());
    } catch (error) {
      // No connection could be made: nothing was sent, so the caller may try again (database.ts does, for transactions).
      throw isConnectionLost(error) ? unavailable(error) : error;
    }
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const own = connection as ResilientConnection;
    own.inTransaction = true;
    await guarded(() => this.inner.beginTransaction(own.inner, settings));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const own = connection as ResilientConnection;
    try {
      await guarded(() => this.inner.commitTransaction(own.inner));
    } finally {
      own.inTransaction = false;
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const own = connection as ResilientConnection;
    try {
      await guarded(() => this.inner.rollbackTransaction(own.inner));
    } finally {
      own.inTransaction = false;
    }
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await guarded(() => this.inner.savepoint?.((connection as ResilientConnection).inner, name, compile));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await guarded(() => this.inner.rollbackToSavepoint?.((connection as ResilientConnection).inner, name, compile));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await guarded(() => this.inner.releaseSavepoint?.((connection as ResilientConnection).inner, name, compile));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const { inner } = connection as ResilientConnection;
    if ('dead' in inner) return;
    await this.inner.releaseConnection(inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

async function guarded(work: () => Promise<unknown> | undefined): Promise<void> {
  try {
    await work();
  } catch (error) {
    throw isConnectionLost(error) ? unavailable(error) : error;
  }
}

/** Kysely's PostgreSQL dialect with the driver above. */
export class ResilientPostgresDialect extends PostgresDialect {
  override createDriver(): Driver {
    return new ResilientDriver(super.createDriver());
  }
}
