import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { Organization } from '#contract/users.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { organizationKeys } from '#lib/query-keys/organizations.ts';

/** An organisation's public profile. Silent: a 404 becomes the "Page Not Found" page, not a toast. */
export const getOrganization = (api: ApiCaller, organizationId: string): Promise<Organization> =>
  api<Organization>({ url: `/organizations/${encodeURIComponent(organizationId)}`, silent: true });

export const organizationQueryOptions = (api: ApiCaller, organizationId: string) =>
  queryOptions({ queryKey: organizationKeys.detail(organizationId), queryFn: () => getOrganization(api, organizationId) });

export function useOrganization(organizationId: string) {
  const api = useApiCaller();
  return useSuspenseQuery(organizationQueryOptions(api, organizationId));
}
