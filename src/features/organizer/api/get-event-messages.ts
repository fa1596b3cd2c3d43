import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventMessages } from '#contract/attendee-messages.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { organizerKeys } from '#lib/query-keys/organizer.ts';

export const messagesUrl = (eventId: string) => `/events/${encodeURIComponent(eventId)}/messages`;

/** `GET /events/{eventId}/messages`: the event's messages to attendees, the rate left, approval and the reply-to. Silent. */
export const getEventMessages = (api: ApiCaller, eventId: string): Promise<EventMessages> =>
  api<EventMessages>({ url: messagesUrl(eventId), silent: true });

export const eventMessagesQueryOptions = (api: ApiCaller, eventId: string) =>
  queryOptions({ queryKey: organizerKeys.messages(eventId), queryFn: () => getEventMessages(api, eventId) });

/** The messages; while one is on its way, read again every few seconds so its delivery moves. */
export function useEventMessages(eventId: string) {
  const api = useApiCaller();
  return useQuery({
    ...eventMessagesQueryOptions(api, eventId),
    refetchInterval: (query) => (query.state.data?.messages.some((message) => message.status === 'sending') ? 5_000 : false),
  });
}
