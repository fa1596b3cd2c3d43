import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '../../../contract/orders.ts';
import { type ApiCaller, useApiCaller } from '../../../lib/api-caller.tsx';
import { orderKeys } from '../../../lib/query-keys/orders.ts';

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
}

/** One order for the return pages; idle without an id. */
export function useOrder(orderId: string | null, token: string | null, options: UseOrderOptions = {}) {
  const api = useApiCaller();
  return useQuery({
    ...orderQueryOptions(api, orderId ?? '', token),
    enabled: orderId !== null,
    refetchInterval: options.refetchInterval ? (query) => options.refetchInterval?.(query.state.data) ?? false : undefined,
  });
}
