import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { organizerKeys } from '#lib/query-keys/organizer.ts';

/** `DELETE /events/{eventId}/capacity-quotas/{quotaId}`: the types keep their own capacities. Silent: the dialog says why not. */
export const deleteCapacityQuota = (api: ApiCaller, eventId: string, quotaId: string): Promise<{ deleted: true }> =>
  api<{ deleted: true }>({
    method: 'DELETE',
    url: `/events/${encodeURIComponent(eventId)}/capacity-quotas/${encodeURIComponent(quotaId)}`,
    silent: true,
  });

export function useDeleteCapacityQuota(eventId: string) {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (quotaId: string) => deleteCapacityQuota(api, eventId, quotaId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: organizerKeys.capacityQuotas(eventId) }),
        queryClient.invalidateQueries({ queryKey: organizerKeys.event(eventId) }),
      ]),
  });
}
