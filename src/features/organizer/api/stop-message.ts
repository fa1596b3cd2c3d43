import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttendeeMessage } from '#contract/attendee-messages.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { organizerKeys } from '#lib/query-keys/organizer.ts';
import { messagesUrl } from './get-event-messages.ts';

/** `POST /events/{eventId}/messages/{messageId}/stop`: nobody else receives it. Silent: the dialog says why not. */
export const stopMessage = (api: ApiCaller, eventId: string, messageId: string): Promise<AttendeeMessage> =>
  api<AttendeeMessage>({
    method: 'POST',
    url: `${messagesUrl(eventId)}/${encodeURIComponent(messageId)}/stop`,
    silent: true,
  });

export function useStopMessage(eventId: string) {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) => stopMessage(api, eventId, messageId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: organizerKeys.messages(eventId) }),
  });
}
