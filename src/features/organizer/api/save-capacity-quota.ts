import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CapacityQuota, CapacityQuotaInput } from '#contract/capacity-quotas.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { organizerKeys } from '#lib/query-keys/organizer.ts';

const quotasUrl = (eventId: string) => `/events/${encodeURIComponent(eventId)}/capacity-quotas`;

/** `POST /events/{eventId}/capacity-quotas`. Silent: the form shows the messages beside its fields. */
export const createCapacityQuota = (api: ApiCaller, eventId: string, input: CapacityQuotaInput): Promise<CapacityQuota> =>
  api<CapacityQuota>({ method: 'POST', url: quotasUrl(eventId), data: input, silent: true });

/** `PUT /events/{eventId}/capacity-quotas/{quotaId}`: name, places and ticket types replaced. */
export const updateCapacityQuota = (
  api: ApiCaller,
  eventId: string,
  quotaId: string,
  input: CapacityQuotaInput,
): Promise<CapacityQuota> =>
  api<CapacityQuota>({ method: 'PUT', url: `${quotasUrl(eventId)}/${encodeURIComponent(quotaId)}`, data: input, silent: true });

/** Creates places (no `quotaId`) or replaces their settings; the event's quotas and the event (what buyers see) load again. */
export function useSaveCapacityQuota(eventId: string) {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ quotaId, input }: { quotaId: string | null; input: CapacityQuotaInput }) =>
      quotaId === null ? createCapacityQuota(api, eventId, input) : updateCapacityQuota(api, eventId, quotaId, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: organizerKeys.capacityQuotas(eventId) }),
        queryClient.invalidateQueries({ queryKey: organizerKeys.event(eventId) }),
      ]),
  });
}
