import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { Order } from '#contract/orders.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { orderKeys } from '#lib/query-keys/orders.ts';

/**
 * `GET /orders/{orderId}?token=`: the buyer's order, by the guest token from its creation or the
 * signed-in account. Silent: the return pages explain a missing order themselves.
 */
export const getOrder = (api: ApiCaller, orderId: string, token: string | null): Promise<Order> =>
  api<Order>({ url: `/orders/${encodeURIComponent(orderId)}`, params: token ? { token } : undefined, silent: true });

export const orderQueryOptions = (api: ApiCaller, orderId: string, token: string | null) =>
  queryOptions({ queryKey: orderKeys.detail(orderId), queryFn: () => getOrder(api, orderId, token) });

interface UseOrderOptions {
  /** Asks again every so many milliseconds while it returns a number (e.g. while the payment is pending). */
  refetchInterval?: (order: Order | undefined) => number | false;
  /**
   * Asks the server as the page opens even when the cache holds a fresh copy: for the pages that send the buyer
   * on by the order's status, which read it with `readSinceOpened`.
   */
  current?: boolean;
}

/**
 * True when the order shown was read from the server since the page opened and that read worked. Only such a
 * read may decide where the buyer goes: a copy kept in the cache by an earlier page (the error page of a refused
 * card, moments before the buyer paid with another) says nothing of the payment just made.
 */
export const readSinceOpened = (order: Pick<UseQueryResult<Order>, 'isFetchedAfterMount' | 'isSuccess'>): boolean =>
  order.isFetchedAfterMount && order.isSuccess;

/** One order for the return pages; idle without an id. */
export function useOrder(orderId: string | null, token: string | null, options: UseOrderOptions = {}) {
  const api = useApiCaller();
  return useQuery({
    ...orderQueryOptions(api, orderId ?? '', token),
    enabled: orderId !== null,
    ...(options.current ? { refetchOnMount: 'always' as const } : {}),
    refetchInterval: options.refetchInterval ? (query) => options.refetchInterval?.(query.state.data) ?? false : undefined,
  });
}
