import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { organizerKeys } from '#lib/query-keys/organizer.ts';
import { waitingListUrl } from './get-waiting-list.ts';

/** `DELETE /events/{eventId}/waiting-list/{entryId}`: off the list; places an offer held go on. Silent: the dialog says why not. */
export const removeWaitingEntry = (api: ApiCaller, eventId: string, entryId: string): Promise<{ removed: true }> =>
  api<{ removed: true }>({ method: 'DELETE', url: `${waitingListUrl(eventId)}/${encodeURIComponent(entryId)}`, silent: true });

export function useRemoveWaitingEntry(eventId: string) {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: string) => removeWaitingEntry(api, eventId, entryId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: organizerKeys.waitingList(eventId) }),
  });
}
