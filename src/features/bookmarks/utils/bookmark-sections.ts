import type { Bookmark } from '#contract/bookmarks.ts';
import { type BookmarkOverride, overrideKey } from './bookmark-queue.ts';

export interface BookmarkSections {
  /** Soonest first. */
  upcoming: Bookmark[];
  /** Most recent first. */
  past: Bookmark[];
  /** Bookmarked on this device while offline, not in the list yet (the event's details are not known here). */
  unlisted: number;
}

const startOf = (bookmark: Bookmark) => new Date(bookmark.event.startsAt).getTime();

/**
 * The bookmarks page's view of the list: this device's unsent removals hidden, upcoming events
 * first, past ones after. Events already on screen (`onScreen`) stay there when un-bookmarked,
 * so a slip of the finger can be undone with the same button.
 */
export function bookmarkSections(
  items: readonly Bookmark[],
  overrides: ReadonlyMap<string, BookmarkOverride>,
  userId: string,
  onScreen: ReadonlyMap<string, Bookmark> = new Map(),
): BookmarkSections {
  const unsent = (eventId: string) => {
    const override = overrides.get(overrideKey(userId, eventId));
    return override && override.status !== 'synced' ? override : undefined;
  };
  const listed = new Set(items.map((item) => item.event.id));
  const kept = [
    ...items.filter((item) => onScreen.has(item.event.id) || unsent(item.event.id)?.bookmarked !== false),
    ...[...onScreen.values()].filter((item) => !listed.has(item.event.id)),
  ];
  let unlisted = 0;
  for (const [key, override] of overrides) {
    const [owner, eventId] = key.split(':');
    if (owner !== userId || !eventId || listed.has(eventId) || onScreen.has(eventId)) continue;
    if (override.status !== 'synced' && override.bookmarked) unlisted += 1;
  }
  return {
    upcoming: kept.filter((item) => !item.past).sort((a, b) => startOf(a) - startOf(b)),
    past: kept.filter((item) => item.past).sort((a, b) => startOf(b) - startOf(a)),
    unlisted,
  };
}
