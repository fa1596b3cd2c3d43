/** The bookmarks' query keys. */
export const bookmarkKeys = {
  all: ['bookmarks'] as const,
  lists: () => [...bookmarkKeys.all, 'list'] as const,
  /** Per user: one device may see several accounts. */
  list: (userId: string) => [...bookmarkKeys.lists(), userId] as const,
};
