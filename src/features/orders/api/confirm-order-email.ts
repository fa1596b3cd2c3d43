import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '#contract/orders.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { orderKeys } from '#lib/query-keys/orders.ts';

export interface ConfirmOrderEmailInput {
  orderId: string;
  token: string | null;
  code: string;
}

/**
 * `POST /orders/{orderId}/confirm-email?token=`: the code mailed for a free order; answers the order with its
 * tickets. Silent: the form shows the message at the code field.
 */
export const confirmOrderEmail = (api: ApiCaller, { orderId, token, code }: ConfirmOrderEmailInput): Promise<Order> =>
  api<Order>({
    method: 'POST',
    url: `/orders/${encodeURIComponent(orderId)}/confirm-email`,
    params: token ? { token } : undefined,
    data: { code },
    silent: true,
  });

/** Enters the code; the order, now with its tickets, replaces the one the page shows. */
export function useConfirmOrderEmail() {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConfirmOrderEmailInput) => confirmOrderEmail(api, input),
    onSuccess: (order) => queryClient.setQueryData(orderKeys.detail(order.id), order),
    // A wrong code may have used up the last try and released the tickets: the page shows what the order is now.
    onError: (_error, { orderId }) => queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) }),
  });
}
