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
  organiserLists: () => [...adminKeys.all, 'organisers'] as const,
  organisers: (q: string, status: string) => [...adminKeys.organiserLists(), { q, status }] as const,
  organiser: (organiserId: string) => [...adminKeys.all, 'organiser', organiserId] as const,
  organiserTeam: (organiserId: string) => [...adminKeys.organiser(organiserId), 'team'] as const,
};
