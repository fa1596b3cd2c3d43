import { useMutation } from '@tanstack/react-query';
import type { MessageDraft } from '#contract/attendee-messages.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { readWithMessage, type WithMessage, withServerMessage } from '#lib/server-message.ts';
import { messagesUrl } from './get-event-messages.ts';

/** `POST /events/{eventId}/messages/test`: the message, marked as a test, to its writer alone. Silent. */
export const sendTestMessage = async (
  api: ApiCaller,
  eventId: string,
  draft: MessageDraft,
): Promise<WithMessage<{ to: string }>> =>
  readWithMessage<{ to: string }>(
    await api<unknown>(withServerMessage({ method: 'POST', url: `${messagesUrl(eventId)}/test`, data: draft, silent: true })),
  );

export function useSendTestMessage(eventId: string) {
  const api = useApiCaller();
  return useMutation({ mutationFn: (draft: MessageDraft) => sendTestMessage(api, eventId, draft) });
}
