import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganiserOrder } from '../../../contract/orders.ts';
import { type ApiCaller, useApiCaller } from '../../../lib/api-caller.tsx';
import { paymentKeys } from '../../../lib/query-keys/payments.ts';

/** `GET /organizations/{organizationId}/orders/{orderId}`: one order with its tickets and its money history. */
export const getOrganiserOrder = (api: ApiCaller, organizationId: string, orderId: string): Promise<OrganiserOrder> =>
  api<OrganiserOrder>({
    url: `/organizations/${encodeURIComponent(organizationId)}/orders/${encodeURIComponent(orderId)}`,
    silent: true,
  });

export const organiserOrderQueryOptions = (api: ApiCaller, organizationId: string, orderId: string) =>
  queryOptions({
    queryKey: paymentKeys.order(organizationId, orderId),
    queryFn: () => getOrganiserOrder(api, organizationId, orderId),
  });

/** The order the drawer shows; idle while none is open. */
export function useOrganiserOrder(organizationId: string | null, orderId: string | null) {
  const api = useApiCaller();
  return useQuery({
    ...organiserOrderQueryOptions(api, organizationId ?? '', orderId ?? ''),
    enabled: organizationId !== null && orderId !== null,
  });
}
