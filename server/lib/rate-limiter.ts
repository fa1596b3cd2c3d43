import { type CompiledQuery, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { statementTemplate } from '../db/statement-template.ts';
import { HttpError } from './http-error.ts';

export interface RateLimit {
  /** What is limited, e.g. `sign-in:account`. */
  name: string;
  limit: number;
  windowSeconds: number;
}

const windowOf = (rule: RateLimit, at = Date.now()) => {
  const windowMs = rule.windowSeconds * 1000;
  return new Date(Math.floor(at / windowMs) * windowMs);
};

/** The counter a hit of `subject` under `rule` goes to now (also for a statement that reads the count). */
export const counterOf = (rule: RateLimit, subject: string): Counter => ({
  key: `${rule.name}:${subject}`,
  windowStart: windowOf(rule),
});
export interface Counter {
  key: string;
  windowStart: Date;
}

function hitQuery(db: Db, counter: Counter) {
  return db
    .insertInto('rate_limit_counters')
    .values({ key: counter.key, window_start: counter.windowStart, hits: 1 })
    .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql`rate_limit_counters.hits + 1` }))
    .returning('hits');
}

/**
 * One hit of a subject counted by a statement of its own, whose commit does not wait for the disk: a lost
 * count does no harm, and the counter row, shared by everyone behind one address (a venue's Wi-Fi, a
 * carrier's gateway), is not locked across a disk flush. It can be sent ahead of a transaction that reads
 * the count itself (see counterOf) and refuses what passed the limit.
 */
export const relaxedHitQuery: (db: Db, counter: Counter) => CompiledQuery<{ hits: number }> = statementTemplate(
  (db, counter: Counter) => sql<{ hits: number }>`
    with relaxed as (select set_config('synchronous_commit', 'off', true) as setting),
    hit as (${hitQuery(db, counter)})
    select hits from hit, relaxed`,
);

/** Throws 429 with a readable message once `hits` (the count so far) passed the limit. */
export function enforceRateLimit(rule: RateLimit, hits: number): void {
  if (hits <= rule.limit) return;
  const ends = windowOf(rule).getTime() + rule.windowSeconds * 1000;
  const minutes = Math.max(1, Math.ceil((ends - Date.now()) / 60_000));
  throw new HttpError(
    'TOO_MANY_REQUESTS',
    `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
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
