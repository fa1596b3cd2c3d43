import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { OrganizerEventList } from '#contract/events.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { organizerKeys } from '#lib/query-keys/organizer.ts';

/** The largest page the API serves. */
export const organizationEventsPageSize = 50;

/** Every event of the organisation in any state, soonest first, one page at a time. */
export const getOrganizationEvents = (
  api: ApiCaller,
  organizationId: string,
  q: string,
  page: number,
  silent = false,
): Promise<OrganizerEventList> =>
  api<OrganizerEventList>({
    url: `/organizations/${encodeURIComponent(organizationId)}/events`,
    params: { ...(q ? { q } : {}), page, pageSize: organizationEventsPageSize },
    ...(silent ? { silent } : {}),
  });

/** `silent`: a failure raises no toast; the page says it itself (the door's event picker works offline). */
export const organizationEventsQueryOptions = (api: ApiCaller, organizationId: string, q: string, silent = false) =>
  infiniteQueryOptions({
    queryKey: organizerKeys.eventList(organizationId, q),
    queryFn: ({ pageParam }) => getOrganizationEvents(api, organizationId, q, pageParam, silent),
    initialPageParam: 1,
    getNextPageParam: (last: OrganizerEventList) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });

/** Keeps the previous results on screen while a new search loads. */
export function useOrganizationEvents(organizationId: string, q: string, options: { silent?: boolean } = {}) {
  const api = useApiCaller();
  return useInfiniteQuery({
    ...organizationEventsQueryOptions(api, organizationId, q, options.silent),
    placeholderData: keepPreviousData,
  });
}
