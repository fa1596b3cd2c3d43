import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '#contract/orders.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { orderKeys } from '#lib/query-keys/orders.ts';

/** `POST /orders/{orderId}/release?token=`: the buyer gives up a pending order and its tickets go back on sale now. */
export const releaseOrder = (api: ApiCaller, orderId: string, token: string | null): Promise<Order> =>
  api<Order>({
    method: 'POST',
    url: `/orders/${encodeURIComponent(orderId)}/release`,
    params: token ? { token } : undefined,
  });

export function useReleaseOrder() {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, token }: { orderId: string; token: string | null }) => releaseOrder(api, orderId, token),
    onSettled: (_order, _error, { orderId }) => queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) }),
  });
}
