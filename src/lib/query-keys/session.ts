/** The signed-in user's and organisation's query keys (kept for offline use). */
export const sessionKeys = {
  all: ['session'] as const,
  user: (id: string | null) => ['session', 'user', id] as const,
  organization: (id: string | null) => ['session', 'organization', id] as const,
};
