import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WaitingEntry } from '#contract/waiting-list.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { organizerKeys } from '#lib/query-keys/organizer.ts';
import { waitingListUrl } from './get-waiting-list.ts';

/**
 * `POST /events/{eventId}/waiting-list/{entryId}/offer`: an offer made by hand, of places free now, mailed to the
 * person at once. Silent: the dialog says why not.
 */
export const offerWaitingPlaces = (api: ApiCaller, eventId: string, entryId: string, quantity: number): Promise<WaitingEntry> =>
  api<WaitingEntry>({
    method: 'POST',
    url: `${waitingListUrl(eventId)}/${encodeURIComponent(entryId)}/offer`,
    data: { quantity },
    silent: true,
  });

export function useOfferWaitingPlaces(eventId: string) {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, quantity }: { entryId: string; quantity: number }) =>
      offerWaitingPlaces(api, eventId, entryId, quantity),
    onSettled: () => queryClient.invalidateQueries({ queryKey: organizerKeys.waitingList(eventId) }),
  });
}
