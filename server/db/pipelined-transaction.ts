import { CompiledQuery, PGliteAdapter, type QueryResult } from 'kysely';
import type { Db } from './database.ts';
import { retriedBeforeCommit } from './transaction-retry.ts';

export interface Pipeline {
  /** Sends the statements at once, in the open transaction; their results in order, or the first failure. */
  send(queries: CompiledQuery[]): Promise<QueryResult<unknown>[]>;
  /** Sends the last statements together with the COMMIT. */
  commit(queries: CompiledQuery[]): Promise<QueryResult<unknown>[]>;
}

const begin = CompiledQuery.raw('begin');
const commit = CompiledQuery.raw('commit');
const rollback = CompiledQuery.raw('rollback');

/**
 * A transaction whose statements go to PostgreSQL in batches, each batch written at once (the
 * connection pipelines): the server runs a batch back to back, so a row lock one statement takes is
 * not held while the application reads an answer and sends the next. Ending a batch with the COMMIT
 * keeps a contended lock for the server's time only. A failed statement aborts the transaction (the
 * statements behind it fail, the COMMIT becomes a ROLLBACK) and is what is thrown. On PGlite, which
 * has no round trips, it is an ordinary transaction. A connection lost before the batch with the COMMIT was
 * handed over is a transaction the server rolled back: it is run again, `work` and all (decision 053).
 */
export async function pipelinedTransaction<T>(db: Db, work: (pipeline: Pipeline) => Promise<T>): Promise<T> {
  if (db.getExecutor().adapter instanceof PGliteAdapter) {
    return db.transaction().execute((trx) => {
      const send = async (queries: CompiledQuery[]) => {
        const results: QueryResult<unknown>[] = [];
        for (const query of queries) results.push(await trx.executeQuery(query));
        return results;
      };
      return work({ send, commit: send });
    });
  }
  return retriedBeforeCommit((commitSent) => pipelined(db, work, commitSent));
}

function pipelined<T>(db: Db, work: (pipeline: Pipeline) => Promise<T>, commitSent: () => void): Promise<T> {
  return db.getExecutor().provideConnection(async (connection) => {
    let open = false;
    let ended = false;
    const run = async (queries: CompiledQuery[], last: boolean) => {
      const batch = [...(open ? [] : [begin]), ...queries, ...(last ? [commit] : [])];
      const first = open ? 0 : 1;
      open = true;
      ended = last;
      if (last) commitSent();
      // Every statement is handed to the driver before any answer is awaited: that is the pipelining.
      const settled = await Promise.allSettled(batch.map((query) => connection.executeQuery(query)));
      const failure = settled.find((outcome) => outcome.status === 'rejected');
      if (failure) throw failure.reason;
      const results = settled.map((outcome) => (outcome as PromiseFulfilledResult<QueryResult<unknown>>).value);
      const ending = last ? results.at(-1) : undefined;
      if ((ending?.rows[0] as { command?: string } | undefined)?.command === 'ROLLBACK') {
        throw new Error('The transaction was rolled back.');
      }
      return results.slice(first, first + queries.length);
    };
    try {
      const result = await work({ send: (queries) => run(queries, false), commit: (queries) => run(queries, true) });
      if (!ended) await run([], true);
      return result;
    } catch (error) {
      // After a failed batch the transaction may still be open (a refusal decided between batches, or a
      // failure in a batch without the COMMIT): it must not reach the next user of the connection.
      if (open) await connection.executeQuery(rollback).catch(() => undefined);
      throw error;
    }
  });
}
