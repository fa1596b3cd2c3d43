import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { Counter } from '../../../lib/rate-limiter.ts';

// What unproven buyers take of an event from one network (decision 021): the parts of the order's transaction
// that count it (the sale guard in order-placement.repository.ts uses them) and the pruning of old counts.

/**
 * An unproven buyer's order counted against its network for the event: a free order's tickets against the free
 * tickets the network holds or owns, a paid order's against the paid tickets it holds unpaid. `limit` is the
 * most either may reach (0x7fffffff when off).
 */
export interface NetworkCount {
  prefix: string;
  kind: 'free' | 'paid';
  limit: number;
  /** A free order's code mail counts against its network and its recipient; null for a paid order. */
  mail: { network: Counter & { limit: number }; recipient: Counter & { limit: number } } | null;
}

/** The advisory locks of networks have two numbers: a space of their own, apart from the buyers' one-number locks. */
const lockSpace = sql.lit(21);
/** Set, for the transaction, once it holds its network's lock. */
const lockedSetting = sql.lit('admit.network_locked');

/**
 * Takes the network's lock for the event (after the buyer's, in the same statement), so that the guard's exact
 * count, whose statement starts once the lock is held, sees every order of the network placed before. Only
 * orders that must count their network exactly take it (see the guard's `network_recheck`): an order under the
 * limit needs its count alone, raised under the count's row lock.
 */
export const networkLock = (eventId: string, prefix: string) =>
  sql`(select set_config(${lockedSetting}, 'on', true) from (select pg_advisory_xact_lock(${lockSpace},
      hashtext('network:' || ${eventId}::text || ':' || ${prefix}::text))) as taken)`;

/** True in a transaction that holds its network's lock (see networkLock). */
export const networkLocked = sql`current_setting(${lockedSetting}, true) is not distinct from 'on'`;

/** The statuses in which a free order's tickets count against its network: held (while the hold lasts) or issued. */
export const freeTicketsOfNetwork = sql`o.total = 0 and o.status in ('pending', 'failed', 'paid', 'partially_refunded', 'refunded')
          and not (o.status in ('pending', 'failed') and o.hold_expires_at <= now())`;
/** A network's paid tickets held unpaid. */
export const paidHoldsOfNetwork = sql`o.total > 0 and o.status in ('pending', 'failed') and o.hold_expires_at > now()`;

/**
 * Drops the network counts of events that ended a day ago: nothing is sold for them any more. (A live event's
 * count must stay: it is never below what the network has, which is what lets most orders skip the exact count.)
 */
export async function pruneNetworkCounts(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('network_ticket_counts')
    .where('event_id', 'in', (eb) =>
      eb.selectFrom('events').select('id').where('ends_at', '<', sql<Date>`now() - interval '1 day'`),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
