import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type Dashboard, dashboardRefreshMs } from '#contract/dashboard.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { dashboardKeys } from '#lib/query-keys/dashboard.ts';

/** `GET /organizations/{organizationId}/dashboard`. Silent: the page explains a refusal (door staff) itself. */
export const getDashboard = (api: ApiCaller, organizationId: string, eventId: string | null): Promise<Dashboard> =>
  api<Dashboard>({
    url: `/organizations/${encodeURIComponent(organizationId)}/dashboard`,
    params: eventId ? { eventId } : {},
    silent: true,
  });

export const dashboardQueryOptions = (api: ApiCaller, organizationId: string, eventId: string | null) =>
  queryOptions({
    queryKey: dashboardKeys.view(organizationId, eventId),
    queryFn: () => getDashboard(api, organizationId, eventId),
  });

/** Live while the page is open: asked again every few seconds, the last figures kept on screen meanwhile. */
export function useDashboard(organizationId: string | null, eventId: string | null) {
  const api = useApiCaller();
  return useQuery({
    ...dashboardQueryOptions(api, organizationId ?? '', eventId),
    enabled: organizationId !== null,
    placeholderData: keepPreviousData,
    refetchInterval: dashboardRefreshMs,
  });
}
