import { sql, type Transaction } from 'kysely';
import type { Db } from './database.ts';
import type { Database } from './types.ts';

/**
 * Runs `work` in a transaction whose statements PostgreSQL plans for their own parameters every time. The server's
 * connections prepare each statement once (decision 015); after five runs PostgreSQL may switch a statement to a
 * plan made without its parameters, which suits the booking path but not a report's date range and organisation:
 * on 200,000 orders the report pages took 17–24 ms with it against 3.3–11 ms planned each time (decision 044).
 */
export function withCustomPlans<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`set local plan_cache_mode = force_custom_plan`.execute(trx);
    return work(trx);
  });
}
