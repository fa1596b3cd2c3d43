import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WaitingListSettings } from '#contract/waiting-list.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { organizerKeys } from '#lib/query-keys/organizer.ts';
import { waitingListUrl } from './get-waiting-list.ts';

/** `PUT /events/{eventId}/waiting-list`: the settings replaced. Silent: the form shows the messages beside its fields. */
export const saveWaitingListSettings = (
  api: ApiCaller,
  eventId: string,
  settings: WaitingListSettings,
): Promise<WaitingListSettings> =>
  api<WaitingListSettings>({ method: 'PUT', url: waitingListUrl(eventId), data: settings, silent: true });

/** Saves the settings; the list (turning automatic offers on may offer places at once) and the event load again. */
export function useSaveWaitingListSettings(eventId: string) {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: WaitingListSettings) => saveWaitingListSettings(api, eventId, settings),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: organizerKeys.waitingList(eventId) }),
        queryClient.invalidateQueries({ queryKey: organizerKeys.event(eventId) }),
      ]),
  });
}
