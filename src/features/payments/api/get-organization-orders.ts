import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderList } from '#contract/orders.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { paymentKeys } from '#lib/query-keys/payments.ts';
import { type OrderFilters, orderListQuery } from '../utils/order-filters.ts';

/**
 * `GET /organizations/{organizationId}/orders`: one page of the organisation's orders and the
 * money per currency for the whole filter. Silent: the page shows a refusal (door staff) itself.
 */
export const getOrganizationOrders = (api: ApiCaller, organizationId: string, filters: OrderFilters): Promise<OrderList> =>
  api<OrderList>({
    url: `/organizations/${encodeURIComponent(organizationId)}/orders`,
    params: orderListQuery(filters),
    silent: true,
  });

/** Keyed by the filters as the address has them; the days become instants in the viewer's zone when sent. */
export const organizationOrdersQueryOptions = (api: ApiCaller, organizationId: string, filters: OrderFilters) =>
  queryOptions({
    queryKey: paymentKeys.orderList(organizationId, filters),
    queryFn: () => getOrganizationOrders(api, organizationId, filters),
  });

/** Keeps the previous page on screen while the next filters load. */
export function useOrganizationOrders(organizationId: string | null, filters: OrderFilters) {
  const api = useApiCaller();
  return useQuery({
    ...organizationOrdersQueryOptions(api, organizationId ?? '', filters),
    enabled: organizationId !== null,
    placeholderData: keepPreviousData,
  });
}
