import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { Event } from '#contract/events.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { eventKeys } from '#lib/query-keys/events.ts';

/** One published event with its ticket types. Silent: a 404 becomes the "Page Not Found" page, not a toast. */
export const getEvent = (api: ApiCaller, eventId: string): Promise<Event> =>
  api<Event>({ url: `/events/${encodeURIComponent(eventId)}`, silent: true });

export const eventQueryOptions = (api: ApiCaller, eventId: string) =>
  queryOptions({ queryKey: eventKeys.detail(eventId), queryFn: () => getEvent(api, eventId) });

/** The event the route loader fetched; suspends only when it is not in the cache yet. */
export function useEvent(eventId: string) {
  const api = useApiCaller();
  return useSuspenseQuery(eventQueryOptions(api, eventId));
}
