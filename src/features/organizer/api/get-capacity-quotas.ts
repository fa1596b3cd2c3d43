import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CapacityQuotaList } from '#contract/capacity-quotas.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { organizerKeys } from '#lib/query-keys/organizer.ts';

/**
 * `GET /events/{eventId}/capacity-quotas`: the event's capacity and shared places, each with what is sold, held and
 * left. Silent: the page says what failed.
 */
export const getCapacityQuotas = (api: ApiCaller, eventId: string): Promise<CapacityQuotaList> =>
  api<CapacityQuotaList>({ url: `/events/${encodeURIComponent(eventId)}/capacity-quotas`, silent: true });

export const capacityQuotasQueryOptions = (api: ApiCaller, eventId: string) =>
  queryOptions({
    queryKey: organizerKeys.capacityQuotas(eventId),
    queryFn: () => getCapacityQuotas(api, eventId),
  });

export function useCapacityQuotas(eventId: string, enabled = true) {
  const api = useApiCaller();
  return useQuery({ ...capacityQuotasQueryOptions(api, eventId), enabled });
}
