import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { z } from 'zod';
import type { bookmarkStateSchema } from '#contract/bookmarks.ts';
import type { EventSummary } from '#contract/events.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { isUnanswered } from '#lib/api-failure.ts';
import { offlineMessage } from '#lib/offline-message.ts';
import { bookmarkKeys } from '#lib/query-keys/bookmarks.ts';
import { useRouteSession } from '#lib/session/session-context.tsx';
import { toast } from '#lib/toasts.tsx';
import { bookmarkQueue, type FlushResult } from '../utils/bookmark-queue.ts';
import type { BookmarkList } from './get-bookmarks.ts';

export type BookmarkState = z.infer<typeof bookmarkStateSchema>;

export interface ToggleBookmarkInput {
  eventId: string;
  /** The state to reach. */
  bookmarked: boolean;
  /** The event, when the caller has it: the bookmarks list can show it at once, even offline. */
  event?: EventSummary;
}

/**
 * `PUT /bookmarks/{eventId}` or `DELETE /bookmarks/{eventId}`; both idempotent, so a change
 * replayed after a lost answer does no harm. Silent: the button says what happened.
 */
export const setBookmark = (api: ApiCaller, { eventId, bookmarked }: Pick<ToggleBookmarkInput, 'eventId' | 'bookmarked'>) =>
  api<BookmarkState>({ method: bookmarked ? 'PUT' : 'DELETE', url: `/bookmarks/${eventId}`, silent: true });

const refusalMessage = (error: unknown): string => {
  if (isUnanswered(error)) return offlineMessage;
  const envelope = (error as { response?: { data?: { message?: unknown } } } | null)?.response?.data;
  if (typeof envelope?.message === 'string') return envelope.message;
  return error instanceof Error && error.message ? error.message : 'That bookmark could not be saved.';
};

interface SyncOptions {
  api: ApiCaller;
  queryClient: QueryClient;
  userId: string;
}

/**
 * Sends this device's unsent bookmark changes in order, then refreshes the user's bookmark list.
 * Changes that cannot be sent now stay queued for the next time the connection returns.
 */
export async function syncBookmarks({ api, queryClient, userId }: SyncOptions): Promise<FlushResult> {
  const result = await bookmarkQueue().flush(userId, (change) => setBookmark(api, change));
  for (const { error } of result.rejected) toast.error(refusalMessage(error), { toastId: 'bookmark-refused' });
  if (result.sent.length > 0 || result.rejected.length > 0) {
    await queryClient.invalidateQueries({ queryKey: bookmarkKeys.lists() });
  }
  return result;
}

/** Shows the change in the cached list at once; the queue keeps it until the server has it. */
function patchList(
  list: BookmarkList | undefined,
  { eventId, bookmarked, event }: ToggleBookmarkInput,
): BookmarkList | undefined {
  if (!list) return list;
  const rest = list.items.filter((item) => item.event.id !== eventId);
  if (!bookmarked) return { items: rest };
  if (rest.length < list.items.length || !event) return list;
  const item = { event, bookmarkedAt: new Date().toISOString(), past: new Date(event.endsAt).getTime() < Date.now() };
  return { items: [...rest, item] };
}

/**
 * Bookmarks or un-bookmarks an event: optimistic in the cache, queued in IndexedDB, then sent
 * (at once when online, else when the connection returns). A plain function rather than a mutation:
 * the buttons show the queue's state, never a mutation's, and a list of cards then holds no
 * mutation observer per card.
 */
export function useToggleBookmark(): (input: ToggleBookmarkInput) => void {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  const { authId } = useRouteSession();
  return useCallback(
    (input: ToggleBookmarkInput) => {
      const toggle = async () => {
        if (!authId) throw new Error('Sign in to bookmark events.');
        const key = bookmarkKeys.list(authId);
        await queryClient.cancelQueries({ queryKey: key });
        queryClient.setQueryData<BookmarkList>(key, (list) => patchList(list, input));
        const online = navigator.onLine;
        const change = { userId: authId, eventId: input.eventId, bookmarked: input.bookmarked };
        try {
          await bookmarkQueue().enqueue(change, { waiting: !online });
        } catch {
          // No IndexedDB (some private windows): no offline queue, the change goes straight to the server.
          await setBookmark(api, input);
          await queryClient.invalidateQueries({ queryKey: bookmarkKeys.lists() });
          return;
        }
        if (online) await syncBookmarks({ api, queryClient, userId: authId });
      };
      toggle().catch((error: unknown) => {
        toast.error(refusalMessage(error), { toastId: 'bookmark-failed' });
        if (authId) void queryClient.invalidateQueries({ queryKey: bookmarkKeys.list(authId) });
      });
    },
    [api, queryClient, authId],
  );
}
