import { useBookmarkSync } from '../hooks/use-bookmark-sync.ts';

/** Mounted once near the root, it sends bookmarks kept offline from any page, not only pages that show bookmarks. */
export function BookmarkSync(): null {
  useBookmarkSync();
  return null;
}
