import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Team } from '#contract/team.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { organizerKeys } from '#lib/query-keys/organizer.ts';

/** The team: members (owners first) and open invitations. Owners and managers only; others get 403. */
export const getTeam = (api: ApiCaller, organizationId: string): Promise<Team> =>
  api<Team>({ url: `/organizations/${encodeURIComponent(organizationId)}/members` });

export const teamQueryOptions = (api: ApiCaller, organizationId: string) =>
  queryOptions({ queryKey: organizerKeys.team(organizationId), queryFn: () => getTeam(api, organizationId) });

export function useTeam(organizationId: string, { enabled = true } = {}) {
  const api = useApiCaller();
  return useQuery({ ...teamQueryOptions(api, organizationId), enabled });
}
