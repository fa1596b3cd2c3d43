import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganizerOrder } from '#contract/orders.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { paymentKeys } from '#lib/query-keys/payments.ts';

/** `GET /organizations/{organizationId}/orders/{orderId}`: one order with its tickets and its money history. */
export const getOrganizerOrder = (api: ApiCaller, organizationId: string, orderId: string): Promise<OrganizerOrder> =>
  api<OrganizerOrder>({
    url: `/organizations/${encodeURIComponent(organizationId)}/orders/${encodeURIComponent(orderId)}`,
    silent: true,
  });

export const organizerOrderQueryOptions = (api: ApiCaller, organizationId: string, orderId: string) =>
  queryOptions({
    queryKey: paymentKeys.order(organizationId, orderId),
    queryFn: () => getOrganizerOrder(api, organizationId, orderId),
  });

/** The order the drawer shows; idle while none is open. */
export function useOrganizerOrder(organizationId: string | null, orderId: string | null) {
  const api = useApiCaller();
  return useQuery({
    ...organizerOrderQueryOptions(api, organizationId ?? '', orderId ?? ''),
    enabled: organizationId !== null && orderId !== null,
  });
}
