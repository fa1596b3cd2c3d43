import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { Organization } from '#contract/users.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { organizerKeys } from '#lib/query-keys/organizer.ts';

/** The organisation's profile, fresh for editing (the session keeps its own copy for offline use). */
export const getOrganizationProfile = (api: ApiCaller, organizationId: string): Promise<Organization> =>
  api<Organization>({ url: `/organizations/${encodeURIComponent(organizationId)}` });

export const organizationProfileQueryOptions = (api: ApiCaller, organizationId: string) =>
  queryOptions({
    queryKey: organizerKeys.organization(organizationId),
    queryFn: () => getOrganizationProfile(api, organizationId),
  });

export function useOrganizationProfile(organizationId: string) {
  const api = useApiCaller();
  return useSuspenseQuery(organizationProfileQueryOptions(api, organizationId));
}
