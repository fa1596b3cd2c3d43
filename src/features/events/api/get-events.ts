import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EventList, EventListQuery } from '../../../contract/events.ts';
import { type ApiCaller, useApiCaller } from '../../../lib/api-caller.tsx';

/** The filters of `GET /events`; anything left out takes the server's default. */
export type EventsQuery = Partial<EventListQuery>;

/** Drops empty filters so `{ q: undefined }` and `{}` share one cache entry (and one URL). */
export function cleanEventsQuery(query: EventsQuery): EventsQuery {
  const clean: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') clean[key] = value;
  return clean as EventsQuery;
}

export const eventKeys = {
  all: ['events'] as const,
  lists: () => [...eventKeys.all, 'list'] as const,
  list: (query: EventsQuery) => [...eventKeys.lists(), cleanEventsQuery(query)] as const,
  details: () => [...eventKeys.all, 'detail'] as const,
  detail: (eventId: string) => [...eventKeys.details(), eventId] as const,
};

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
