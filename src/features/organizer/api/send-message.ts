import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttendeeMessage, SendMessage } from '#contract/attendee-messages.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { organizerKeys } from '#lib/query-keys/organizer.ts';
import { readWithMessage, type WithMessage, withServerMessage } from '#lib/server-message.ts';
import { messagesUrl } from './get-event-messages.ts';

/**
 * `POST /events/{eventId}/messages`: sends now or at `sendAt`, or queues it for an administrator; with the server's
 * sentence of what happens next. Silent: the composer shows the refusal.
 */
export const sendMessage = async (api: ApiCaller, eventId: string, message: SendMessage): Promise<WithMessage<AttendeeMessage>> =>
  readWithMessage<AttendeeMessage>(
    await api<unknown>(withServerMessage({ method: 'POST', url: messagesUrl(eventId), data: message, silent: true })),
  );

/** Sends a message; the messages, the rate left and every count load again, whether it went or was refused. */
export function useSendMessage(eventId: string) {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: SendMessage) => sendMessage(api, eventId, message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: organizerKeys.messages(eventId) }),
  });
}
