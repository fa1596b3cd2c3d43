import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { MessageRecipients, RecipientStatus } from '#contract/attendee-messages.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { organizerKeys } from '#lib/query-keys/organizer.ts';
import { messagesUrl } from './get-event-messages.ts';

/** People per page of a message's recipients. */
export const recipientsPageSize = 50;

/** `GET /events/{eventId}/messages/{messageId}/recipients`: a page of the people it goes to, by address. Silent. */
export const getMessageRecipients = (
  api: ApiCaller,
  eventId: string,
  messageId: string,
  status: RecipientStatus | '',
  after: string | null,
): Promise<MessageRecipients> =>
  api<MessageRecipients>({
    url: `${messagesUrl(eventId)}/${encodeURIComponent(messageId)}/recipients`,
    params: { ...(status ? { status } : {}), ...(after ? { after } : {}), limit: recipientsPageSize },
    silent: true,
  });

export const messageRecipientsQueryOptions = (api: ApiCaller, eventId: string, messageId: string, status: RecipientStatus | '') =>
  infiniteQueryOptions({
    queryKey: organizerKeys.messageRecipients(eventId, messageId, status),
    queryFn: ({ pageParam }) => getMessageRecipients(api, eventId, messageId, status, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export function useMessageRecipients(eventId: string, messageId: string, status: RecipientStatus | '') {
  return useInfiniteQuery(messageRecipientsQueryOptions(useApiCaller(), eventId, messageId, status));
}
