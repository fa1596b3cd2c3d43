import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '#contract/orders.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { orderKeys } from '#lib/query-keys/orders.ts';
import { useRouteSession } from '#lib/session/session-context.tsx';

export interface MyOrders {
  items: Order[];
}

/**
 * `GET /orders/mine`: orders linked to the account or bought with its email, newest event first.
 * Silent: offline, the page shows the copy kept on the device and says so.
 */
export const getMyOrders = (api: ApiCaller): Promise<MyOrders> => api<MyOrders>({ url: '/orders/mine', silent: true });

/** The network's answer only: the device keeps the tickets in its own store (storage/ticket-store.ts). */
export const myOrdersQueryOptions = (api: ApiCaller, userId: string) =>
  queryOptions({ queryKey: orderKeys.mine(userId), queryFn: () => getMyOrders(api) });

/** The signed-in user's orders; idle when signed out. */
export function useMyOrders() {
  const api = useApiCaller();
  const { authId } = useRouteSession();
  return useQuery({ ...myOrdersQueryOptions(api, authId ?? ''), enabled: authId !== null });
}
