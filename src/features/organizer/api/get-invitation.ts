import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { Invitation } from '#contract/team.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { organizerKeys } from '#lib/query-keys/organizer.ts';

/** What an invitation link is; public, as the token itself is the secret. */
export const getInvitation = (api: ApiCaller, token: string): Promise<Invitation> =>
  api<Invitation>({ url: `/invitations/${encodeURIComponent(token)}`, silent: true });

export const invitationQueryOptions = (api: ApiCaller, token: string) =>
  queryOptions({ queryKey: organizerKeys.invitation(token), queryFn: () => getInvitation(api, token) });

export function useInvitation(token: string) {
  const api = useApiCaller();
  return useSuspenseQuery(invitationQueryOptions(api, token));
}
