import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrder, Order } from '#contract/orders.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { orderKeys } from '#lib/query-keys/orders.ts';

export interface CreateOrderInput {
  body: CreateOrder;
  /** One per checkout attempt, the same on a retry of it: the server answers a repeat with the first order. */
  idempotencyKey: string;
}

/**
 * `POST /orders` with an `Idempotency-Key`: the order, its tickets held until `holdExpiresAt`, and
 * where to pay (`paymentUrl`; null when it is free and already paid). Silent: the form shows the message.
 */
export const createOrder = (api: ApiCaller, { body, idempotencyKey }: CreateOrderInput): Promise<Order> =>
  api<Order>({ method: 'POST', url: '/orders', data: body, headers: { 'Idempotency-Key': idempotencyKey }, silent: true });

/** Places the order and keeps it in the cache for the pages that follow. */
export function useCreateOrder() {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateOrderInput) => createOrder(api, input),
    onSuccess: (order) => queryClient.setQueryData(orderKeys.detail(order.id), order),
  });
}
