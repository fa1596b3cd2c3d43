import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DiscountCodeList } from '#contract/discount-codes.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { organizerKeys } from '#lib/query-keys/organizer.ts';

/** One page of the list, as the address says it. */
export interface DiscountCodeQuery {
  search: string;
  archived: boolean;
  page: number;
}

/** Codes a page shows at once. */
export const discountCodePageSize = 25;

/** `GET /events/{eventId}/discount-codes`: the event's codes with their uses and sales. Silent: the page says what failed. */
export const getDiscountCodes = (api: ApiCaller, eventId: string, query: DiscountCodeQuery): Promise<DiscountCodeList> =>
  api<DiscountCodeList>({
    url: `/events/${encodeURIComponent(eventId)}/discount-codes`,
    params: {
      ...(query.search ? { search: query.search } : {}),
      archived: String(query.archived),
      page: query.page,
      pageSize: discountCodePageSize,
    },
    silent: true,
  });

export const discountCodesQueryOptions = (api: ApiCaller, eventId: string, query: DiscountCodeQuery) =>
  queryOptions({
    queryKey: organizerKeys.discountCodeList(eventId, query),
    queryFn: () => getDiscountCodes(api, eventId, query),
  });

/** The list for the page; the previous page stays on screen while the next one loads. */
export function useDiscountCodes(eventId: string, query: DiscountCodeQuery, enabled = true) {
  const api = useApiCaller();
  return useQuery({ ...discountCodesQueryOptions(api, eventId, query), placeholderData: keepPreviousData, enabled });
}
