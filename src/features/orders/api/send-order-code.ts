import { useMutation } from '@tanstack/react-query';
import type { Order } from '#contract/orders.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';

/** `POST /orders/{orderId}/send-code?token=`: a new code for a free order waiting for one (the old one stops working). */
export const sendOrderCode = (api: ApiCaller, orderId: string, token: string | null): Promise<Order> =>
  api<Order>({
    method: 'POST',
    url: `/orders/${encodeURIComponent(orderId)}/send-code`,
    params: token ? { token } : undefined,
  });

export function useSendOrderCode() {
  const api = useApiCaller();
  return useMutation({
    mutationFn: ({ orderId, token }: { orderId: string; token: string | null }) => sendOrderCode(api, orderId, token),
  });
}
