import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { HttpError } from './http-error.ts';

export interface RateLimit {
  /** What is limited, e.g. `sign-in:account`. */
  name: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Counts hits per key in fixed windows, in the database, so every instance shares the count.
 * Throws 429 with a readable message once the limit is passed.
 */
export async function consumeRateLimit(db: Db, rule: RateLimit, subject: string): Promise<void> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
  const key = `${rule.name}:${subject}`;
  const row = await db
    .insertInto('rate_limit_counters')
    .values({ key, window_start: windowStart, hits: 1 })
    .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql`rate_limit_counters.hits + 1` }))
    .returning('hits')
    .executeTakeFirstOrThrow();
  if (row.hits > rule.limit) {
    const minutes = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - Date.now()) / 60_000));
    throw new HttpError(
      'TOO_MANY_REQUESTS',
      `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    );
  }
}

/**
 * Gives back one hit of the current window: for limits that count failures only (a wrong password),
 * the attempt is counted first, so parallel guesses cannot slip past the limit, and returned on success.
 */
export async function releaseRateLimit(db: Db, rule: RateLimit, subject: string): Promise<void> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
  await db
    .updateTable('rate_limit_counters')
    .set({ hits: sql`greatest(hits - 1, 0)` })
    .where('key', '=', `${rule.name}:${subject}`)
    .where('window_start', '=', windowStart)
    .execute();
}

/** Old windows are useless; drop them now and then. */
export async function pruneRateLimits(db: Db): Promise<void> {
  await db
    .deleteFrom('rate_limit_counters')
    .where('window_start', '<', new Date(Date.now() - 24 * 3600 * 1000))
    .execute();
}
