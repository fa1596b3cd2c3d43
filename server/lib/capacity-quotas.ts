import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../db/database.ts';

// Capacity shared across ticket types (migration 0043, decision 061), as everything that counts what is left reads
// it: the event page, the catalogue's cards, codes that show hidden tickets, the order path's sale context and its
// refusals, the organiser's quota list.

/** A quota as what is left is judged with it. */
export interface QuotaCount {
  id: string;
  event_id: string;
  name: string;
  capacity: number;
  /** Tickets its types have taken from stock: held for payment or sold. */
  taken: number;
  /** The event's own capacity: it holds every ticket type of the event, now and later. */
  all_types: boolean;
  /** The types it holds; empty for an `all_types` quota. */
  ticket_type_ids: string[];
}

/** Whether the quota counts tickets of this type. */
export const holdsType = (quota: Pick<QuotaCount, 'all_types' | 'ticket_type_ids'>, ticketTypeId: string) =>
  quota.all_types || quota.ticket_type_ids.includes(ticketTypeId);

/** Places of the quota neither sold nor held. */
export const quotaLeft = (quota: Pick<QuotaCount, 'capacity' | 'taken'>) => Math.max(quota.capacity - quota.taken, 0);

/** The event's quotas, its own capacity first and then by name (an array of uuids comes back as strings on both databases). */
export function quotaCountsQuery(db: Executor, eventId: string) {
  return db
    .selectFrom('capacity_quotas as q')
    .select([
      'q.id',
      'q.event_id',
      'q.name',
      'q.capacity',
      'q.taken',
      'q.all_types',
      sql<
        string[]
      >`array(select m.ticket_type_id from capacity_quota_types m where m.quota_id = q.id order by m.ticket_type_id)`.as(
        'ticket_type_ids',
      ),
    ])
    .where('q.event_id', '=', eventId)
    .orderBy('q.all_types', 'desc')
    .orderBy('q.name')
    .orderBy('q.id');
}

/** The event's quotas (see quotaCountsQuery). */
export async function quotaCountsOf(db: Executor, eventId: string): Promise<QuotaCount[]> {
  return quotaCountsQuery(db, eventId).execute();
}

/**
 * SQL for what is left of the ticket type `alias` (a `ticket_types` row in the query): the least of its own stock and
 * each of its quotas' (`least` skips the null of a type in no quota). The catalogue's cards judge "sold out" with it.
 */
export const typeLeftSql = (alias: string): RawBuilder<number> => {
  const type = sql.ref(alias);
  return sql<number>`greatest(least(${type}.capacity - ${type}.taken,
    (select min(q.capacity - q.taken) from capacity_quotas q where q.event_id = ${type}.event_id
      and (q.all_types or q.id in (select m.quota_id from capacity_quota_types m where m.ticket_type_id = ${type}.id)))), 0)`;
};

/**
 * The lock that keeps an event's quotas and their types as they are (decision 061): writers of stock take it shared,
 * a change of which types a quota holds takes it alone, after the event's row. A key space of its own (the two-key
 * form), so it never meets the one-key locks of buyers and networks.
 */
export const quotaSetLock = (eventId: string, mode: 'shared' | 'alone') =>
  mode === 'shared'
    ? sql`select pg_advisory_xact_lock_shared(43, hashtext(${eventId}::text))`
    : sql`select pg_advisory_xact_lock(43, hashtext(${eventId}::text))`;
