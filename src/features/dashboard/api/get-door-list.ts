import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DoorList } from '#contract/door-list.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { dashboardKeys } from '#lib/query-keys/dashboard.ts';

/** `GET /events/{eventId}/door-list`. Silent: the page says why the list cannot be shown. */
export const getDoorList = (api: ApiCaller, eventId: string) =>
  api<DoorList>({ url: `/events/${encodeURIComponent(eventId)}/door-list`, silent: true });

export const doorListQueryOptions = (api: ApiCaller, eventId: string) =>
  queryOptions({ queryKey: dashboardKeys.doorList(eventId), queryFn: () => getDoorList(api, eventId) });

export function useDoorList(eventId: string) {
  const api = useApiCaller();
  return useQuery(doorListQueryOptions(api, eventId));
}
