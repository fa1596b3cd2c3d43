import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EventList } from '#contract/events.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { cleanEventsQuery, type EventsQuery, eventKeys } from '#lib/query-keys/events.ts';

/** Published events matching the filters, one page at a time (`{ items, page, pageSize, total }`). */
export const getEvents = (api: ApiCaller, query: EventsQuery = {}): Promise<EventList> =>
  api<EventList>({ url: '/events', params: cleanEventsQuery(query) });

export const eventsQueryOptions = (api: ApiCaller, query: EventsQuery = {}) =>
  queryOptions({ queryKey: eventKeys.list(query), queryFn: () => getEvents(api, query) });

/** Keeps the previous page on screen while the next filters load, so lists do not flash empty. */
export function useEvents(query: EventsQuery = {}) {
  const api = useApiCaller();
  return useQuery({ ...eventsQueryOptions(api, query), placeholderData: keepPreviousData });
}
