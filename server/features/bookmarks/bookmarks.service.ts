/** A signed-in user's bookmarked events: any published or cancelled event, kept once however often it is saved. */
import type { Bookmark } from '../../../src/contract/bookmarks.ts';
import type { Db } from '../../db/database.ts';
import { toEventSummary } from '../../lib/event-card.ts';
import { notFound } from '../../lib/http-error.ts';
import type { ImageLinks } from '../../lib/storage/image-url.ts';
import { eventStatus } from '../events/events.service.ts';
import { addBookmark, bookmarkedEvents, removeBookmark } from './bookmarks.repository.ts';

export interface BookmarksDeps {
  db: Db;
  images: ImageLinks;
}

/** The user's bookmarks, soonest event first, those that have ended marked past. */
export async function listBookmarks(deps: BookmarksDeps, userId: string): Promise<Bookmark[]> {
  const now = Date.now();
  const rows = await bookmarkedEvents(deps.db, userId);
  return rows.map((row) => ({
    event: toEventSummary(row, deps.images),
    bookmarkedAt: new Date(row.bookmarked_at).toISOString(),
    past: new Date(row.ends_at).getTime() < now,
  }));
}

/** Idempotent; a draft is as unknown as an event that does not exist. */
export async function bookmarkEvent(deps: BookmarksDeps, userId: string, eventId: string): Promise<void> {
  const status = await eventStatus(deps.db, eventId);
  if (!status || status === 'draft') throw notFound('That event');
  await addBookmark(deps.db, userId, eventId);
}

/** Idempotent: removing a bookmark that is not there changes nothing. */
export async function unbookmarkEvent(deps: BookmarksDeps, userId: string, eventId: string): Promise<void> {
  await removeBookmark(deps.db, userId, eventId);
}
