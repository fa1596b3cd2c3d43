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
  /** One account; under the user lists, so what changes a user refreshes it too. */
  user: (userId: string) => [...adminKeys.userLists(), 'detail', userId] as const,
  audit: (q: string) => [...adminKeys.all, 'audit', { q }] as const,
  /** A keyset list of the money, events and tickets pages under its filters (orders, tickets, events, payments…). */
  list: (name: string, filters: Record<string, string>) => [...adminKeys.all, 'list', name, filters] as const,
  lists: (name: string) => [...adminKeys.all, 'list', name] as const,
  order: (orderId: string) => [...adminKeys.all, 'order', orderId] as const,
  ticket: (ticketId: string) => [...adminKeys.all, 'ticket', ticketId] as const,
  platformFees: () => [...adminKeys.all, 'platform-fees'] as const,
  /** Every rule, or (with an id) one organiser's fee plan. */
  feeRules: (organizationId?: string) => [...adminKeys.all, 'fee-rules', ...(organizationId ? [organizationId] : [])] as const,
  /** Organisers' messages to attendees, by status (every status: ''); those waiting for approval first. */
  messageLists: () => [...adminKeys.all, 'messages'] as const,
  messages: (status: string) => [...adminKeys.messageLists(), { status }] as const,
  organiserLists: () => [...adminKeys.all, 'organisers'] as const,
  organisers: (q: string, status: string) => [...adminKeys.organiserLists(), { q, status }] as const,
  organiser: (organiserId: string) => [...adminKeys.all, 'organiser', organiserId] as const,
  organiserTeam: (organiserId: string) => [...adminKeys.organiser(organiserId), 'team'] as const,
};
