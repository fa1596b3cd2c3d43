import { useQuery } from '@tanstack/react-query';
import type { Organization, User } from '../../contract/users.ts';
import { useApiCaller } from '../api-caller.tsx';
import { persistMaxAge } from '../query-client.ts';
import type { RouteSession } from './route-session.ts';
import { useRouteSession } from './session-context.tsx';

export const sessionKeys = {
  all: ['session'] as const,
  user: (id: string | null) => ['session', 'user', id] as const,
  organization: (id: string | null) => ['session', 'organization', id] as const,
};

// Kept for offline use: the account page and role checks work on a poor connection.
const offline = { meta: { persist: true }, gcTime: persistMaxAge, staleTime: 60_000 } as const;

export interface Session extends RouteSession {
  user: User | null;
  organization: Organization | null;
  isLoading: boolean;
  isError: boolean;
  /** Loads the user and organisation again, e.g. after a failure. */
  refetch(): void;
}

/** The spec's auth session state: the user (`GET /users/{id}` with the id of the `u` cookie), the token and the organisation. */
export function useSession(options: { silent?: boolean } = {}): Session {
  const api = useApiCaller();
  const route = useRouteSession();
  // `silent`: a failed load raises no toast (the door, offline by design, shows its own connection state).
  const silent = options.silent ? { silent: true } : {};
  const user = useQuery({
    queryKey: sessionKeys.user(route.authId),
    queryFn: () => api<User>({ url: `/users/${route.authId}`, ...silent }),
    enabled: route.signedIn && route.authId !== null,
    ...offline,
  });
  const organizationId = user.data?.organizationId ?? route.organizationId;
  const organization = useQuery({
    queryKey: sessionKeys.organization(organizationId),
    queryFn: () => api<Organization>({ url: `/organizations/${organizationId}`, ...silent }),
    enabled: route.signedIn && organizationId !== null,
    ...offline,
  });
  return {
    ...route,
    user: user.data ?? null,
    organization: organization.data ?? null,
    isLoading: user.isLoading || organization.isLoading,
    isError: user.isError || organization.isError,
    refetch: () => {
      void user.refetch();
      if (organizationId !== null) void organization.refetch();
    },
  };
}
