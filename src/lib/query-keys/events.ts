import type { EventListQuery } from '../../contract/events.ts';

/** The filters of `GET /events`; anything left out takes the server's default. */
export type EventsQuery = Partial<EventListQuery>;

/** Drops empty filters so `{ q: undefined }` and `{}` share one cache entry (and one URL). */
export function cleanEventsQuery(query: EventsQuery): EventsQuery {
  const clean: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') clean[key] = value;
  return clean as EventsQuery;
}

/** The public events' query keys. */
export const eventKeys = {
  all: ['events'] as const,
  lists: () => [...eventKeys.all, 'list'] as const,
  list: (query: EventsQuery) => [...eventKeys.lists(), cleanEventsQuery(query)] as const,
  details: () => [...eventKeys.all, 'detail'] as const,
  detail: (eventId: string) => [...eventKeys.details(), eventId] as const,
};
