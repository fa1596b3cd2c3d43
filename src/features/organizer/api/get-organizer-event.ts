import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Event } from '#contract/events.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { organizerKeys } from '#lib/query-keys/organizer.ts';

/** One event with everything its organisation may see. Silent: an unknown id is the 404 page. */
export const getOrganizerEvent = (api: ApiCaller, eventId: string): Promise<Event> =>
  api<Event>({ url: `/events/${encodeURIComponent(eventId)}`, silent: true });

export const organizerEventQueryOptions = (api: ApiCaller, eventId: string) =>
  queryOptions({ queryKey: organizerKeys.event(eventId), queryFn: () => getOrganizerEvent(api, eventId) });

/**
 * The event for the editor (its loader fetched it fresh) and for the list's sales counts; loaded in
 * the browser when the server could not ask for it.
 */
export function useOrganizerEventDetails(eventId: string) {
  const api = useApiCaller();
  return useQuery({ ...organizerEventQueryOptions(api, eventId), staleTime: 30_000 });
}
