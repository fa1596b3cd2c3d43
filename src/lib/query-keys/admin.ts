/** The admin console's query keys; its mutations update or invalidate these and nothing else. */
export const adminKeys = {
  all: ['admin'] as const,
  /** The calling administrator's permissions. */
  access: () => [...adminKeys.all, 'access'] as const,
  overview: () => [...adminKeys.all, 'overview'] as const,
  groups: () => [...adminKeys.all, 'groups'] as const,
  group: (groupId: string) => [...adminKeys.groups(), groupId] as const,
  userLists: () => [...adminKeys.all, 'users'] as const,
  users: (q: string) => [...adminKeys.userLists(), { q }] as const,
  audit: (q: string) => [...adminKeys.all, 'audit', { q }] as const,
};
