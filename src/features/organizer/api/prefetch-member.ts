import type { QueryClient } from '@tanstack/react-query';
import type { User } from '#contract/users.ts';
import type { ApiCaller } from '#lib/api-caller.tsx';
import { persistMaxAge } from '#lib/query-client.ts';
import { sessionKeys } from '#lib/session/use-session.ts';

/**
 * Loads the signed-in member into the session's own cache entry (same key and options as
 * `useSession`), so the server renders the page for their role: owners and managers edit,
 * other members read.
 */
export function prefetchMember(queryClient: QueryClient, api: ApiCaller, authId: string | null): Promise<void> {
  if (!authId) return Promise.resolve();
  return queryClient.prefetchQuery({
    queryKey: sessionKeys.user(authId),
    queryFn: () => api<User>({ url: `/users/${encodeURIComponent(authId)}`, silent: true }),
    meta: { persist: true },
    gcTime: persistMaxAge,
    staleTime: 60_000,
  });
}
