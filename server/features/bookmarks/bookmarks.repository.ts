import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { listingColumns } from '../../lib/event-card.ts';

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
    .select(['bookmarks.created_at as bookmarked_at', ...listingColumns(), sql<number | null>`null`.as('distance_km')])
    .orderBy('events.starts_at', 'asc')
    .execute();
}
