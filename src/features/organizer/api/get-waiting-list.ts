import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WaitingList } from '#contract/waiting-list.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { organizerKeys } from '#lib/query-keys/organizer.ts';

export const waitingListUrl = (eventId: string) => `/events/${encodeURIComponent(eventId)}/waiting-list`;

/**
 * `GET /events/{eventId}/waiting-list`: its settings, what each ticket type has waiting, offered and free, and the
 * people on it in queue order. Silent: the page says what failed.
 */
export const getWaitingList = (api: ApiCaller, eventId: string): Promise<WaitingList> =>
  api<WaitingList>({ url: waitingListUrl(eventId), silent: true });

export const waitingListQueryOptions = (api: ApiCaller, eventId: string) =>
  queryOptions({ queryKey: organizerKeys.waitingList(eventId), queryFn: () => getWaitingList(api, eventId) });

export function useWaitingList(eventId: string) {
  const api = useApiCaller();
  return useQuery(waitingListQueryOptions(api, eventId));
}
