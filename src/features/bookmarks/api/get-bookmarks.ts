import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Bookmark } from '#contract/bookmarks.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { persistMaxAge } from '#lib/query-client.ts';
import { bookmarkKeys } from '#lib/query-keys/bookmarks.ts';
import { useRouteSession } from '#lib/session/session-context.tsx';

export interface BookmarkList {
  items: Bookmark[];
}

/**
 * The signed-in user's bookmarked events, past ones marked (`past`). Silent: offline, pages show
 * the copy kept on the device and say so, rather than raise a toast.
 */
export const getBookmarks = (api: ApiCaller): Promise<BookmarkList> => api<BookmarkList>({ url: '/bookmarks', silent: true });

/** Kept on the device (IndexedDB), so the bookmarks page and the buttons work offline. */
export const bookmarksQueryOptions = (api: ApiCaller, userId: string) =>
  queryOptions({
    queryKey: bookmarkKeys.list(userId),
    queryFn: () => getBookmarks(api),
    meta: { persist: true },
    gcTime: persistMaxAge,
  });

/** The signed-in user's bookmarks (or what `select` makes of them); idle when signed out. */
export function useBookmarks<T = BookmarkList>(select?: (data: BookmarkList) => T) {
  const api = useApiCaller();
  const { authId } = useRouteSession();
  return useQuery({ ...bookmarksQueryOptions(api, authId ?? ''), enabled: authId !== null, select });
}
