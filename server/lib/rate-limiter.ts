import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { HttpError } from './http-error.ts';

export interface RateLimit {
  /** What is limited, e.g. `sign-in:account`. */
  name: string;
  limit: number;
  windowSeconds: number;
  /** How a refusal starts, e.g. "Too many uploads"; "Too many attempts" when not given. */
  refusal?: string;
}

const windowOf = (rule: RateLimit, at = Date.now()) => {
  const windowMs = rule.windowSeconds * 1000;
  return new Date(Math.floor(at / windowMs) * windowMs);
};

/** The counter a hit of `subject` under `rule` goes to now. */
export const counterOf = (rule: RateLimit, subject: string): Counter => ({
  key: `${rule.name}:${subject}`,
  windowStart: windowOf(rule),
});
export interface Counter {
  key: string;
  windowStart: Date;
}

/** One hit of a counter, answering the count with it (`hits`); also for a statement that counts as it checks. */
export function hitQuery(db: Db, counter: Counter) {
  return db
    .insertInto('rate_limit_counters')
    .values({ key: counter.key, window_start: counter.windowStart, hits: 1 })
    .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql`rate_limit_counters.hits + 1` }))
    .returning('hits');
}

/** Throws 429 with a readable message once `hits` (the count so far) passed the limit. */
export function enforceRateLimit(rule: RateLimit, hits: number): void {
  if (hits <= rule.limit) return;
  const ends = windowOf(rule).getTime() + rule.windowSeconds * 1000;
  const minutes = Math.max(1, Math.ceil((ends - Date.now()) / 60_000));
  throw new HttpError(
    'TOO_MANY_REQUESTS',
    `${rule.refusal ?? 'Too many attempts'}. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  );
}

/**
 * Counts hits per key in fixed windows, in the database, so every instance shares the count.
 * Throws 429 with a readable message once the limit is passed.
 */
export async function consumeRateLimit(db: Db, rule: RateLimit, subject: string): Promise<void> {
  const { rows } = await db.executeQuery(hitQuery(db, counterOf(rule, subject)).compile());
  enforceRateLimit(rule, rows[0]?.hits ?? 0);
}

/**
 * Gives back one hit of the current window: for limits that count failures only (a wrong password),
 * the attempt is counted first, so parallel guesses cannot slip past the limit, and returned on success.
 */
export async function releaseRateLimit(db: Db, rule: RateLimit, subject: string): Promise<void> {
  const windowStart = windowOf(rule);
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
