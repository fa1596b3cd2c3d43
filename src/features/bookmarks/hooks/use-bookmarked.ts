import { useCallback, useSyncExternalStore } from 'react';
import { useRouteSession } from '#lib/session/session-context.tsx';
import type { BookmarkList } from '../api/get-bookmarks.ts';
import { useBookmarks } from '../api/get-bookmarks.ts';
import { type BookmarkOverride, bookmarkQueue, overrideKey } from '../utils/bookmark-queue.ts';

const noOverrides: ReadonlyMap<string, BookmarkOverride> = new Map();
const subscribe = (listener: () => void) => bookmarkQueue().subscribe(listener);
const snapshot = () => bookmarkQueue().snapshot();
// The server knows nothing of this device's queue; hydration starts from the same empty view.
const serverSnapshot = () => noOverrides;

/** This device's unsent (and just-confirmed) bookmark changes, by `overrideKey(userId, eventId)`. */
export function useBookmarkOverrides(): ReadonlyMap<string, BookmarkOverride> {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}

/** The override that decides what to show, if any: unsent changes always; a confirmed one until newer server data. */
export function effectiveOverride(override: BookmarkOverride | undefined, listUpdatedAt: number): BookmarkOverride | null {
  if (!override) return null;
  if (override.status !== 'synced') return override;
  return override.at > listUpdatedAt ? override : null;
}

export interface BookmarkedState {
  bookmarked: boolean;
  /** The change is not on the server yet. */
  pending: boolean;
  /** …and could not be sent: it is kept on this device until the connection returns. */
  waiting: boolean;
  /** Whether the state is known (the list has loaded or this device changed it). */
  known: boolean;
}

/** Whether the signed-in user has bookmarked an event: the server's list, overlaid with this device's unsent changes. */
export function useBookmarked(eventId: string): BookmarkedState {
  const { authId } = useRouteSession();
  const select = useCallback((list: BookmarkList) => list.items.some((item) => item.event.id === eventId), [eventId]);
  const server = useBookmarks(select);
  const overrides = useBookmarkOverrides();
  const override = authId ? effectiveOverride(overrides.get(overrideKey(authId, eventId)), server.dataUpdatedAt) : null;
  if (override) {
    return {
      bookmarked: override.bookmarked,
      pending: override.status !== 'synced',
      waiting: override.status === 'waiting',
      known: true,
    };
  }
  return { bookmarked: server.data ?? false, pending: false, waiting: false, known: server.data !== undefined };
}
