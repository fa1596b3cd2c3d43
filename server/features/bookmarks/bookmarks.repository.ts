import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Idempotent: bookmarking twice keeps one bookmark (offline queues replay). */
export async function addBookmark(db: Db, userId: string, eventId: string): Promise<void> {
  await db
    .insertInto('bookmarks')
    .values({ user_id: userId, event_id: eventId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function removeBookmark(db: Db, userId: string, eventId: string): Promise<void> {
  await db.deleteFrom('bookmarks').where('user_id', '=', userId).where('event_id', '=', eventId).execute();
}

export function bookmarkedEvents(db: Db, userId: string) {
  return db
    .selectFrom('bookmarks')
    .innerJoin('events', 'events.id', 'bookmarks.event_id')
    .innerJoin('organizations', 'organizations.id', 'events.organization_id')
    .where('bookmarks.user_id', '=', userId)
    .where('events.status', 'in', ['published', 'cancelled'])
    .selectAll('events')
    .select([
      'bookmarks.created_at as bookmarked_at',
      'organizations.name as organization_name',
      'organizations.city as organization_city',
      sql<number | null>`(select min(t.price) from ticket_types t where t.event_id = events.id and not t.hidden)`.as(
        'price_from',
      ),
      sql<string | null>`(select min(t.currency) from ticket_types t where t.event_id = events.id and not t.hidden)`.as(
        'currency',
      ),
      sql<number>`(select coalesce(sum(t.capacity - t.sold), 0) from ticket_types t where t.event_id = events.id and not t.hidden)`.as(
        'available',
      ),
      sql<number | null>`null`.as('distance_km'),
    ])
    .orderBy('events.starts_at', 'asc')
    .execute();
}
