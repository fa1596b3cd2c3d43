import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrganizerOrder, RefundRequest } from '#contract/orders.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { paymentKeys } from '#lib/query-keys/payments.ts';

export interface RefundInput {
  orderId: string;
  /** No ticket ids: the whole order. */
  request: Partial<RefundRequest>;
  /** One per refund the organiser confirms; the same on a retry of it, so money never goes back twice. */
  idempotencyKey: string;
}

/** `POST /orders/{orderId}/refunds` with an `Idempotency-Key`: the order after the refund. Silent: the dialog says why not. */
export const refundOrder = (api: ApiCaller, { orderId, request, idempotencyKey }: RefundInput): Promise<OrganizerOrder> =>
  api<OrganizerOrder>({
    method: 'POST',
    url: `/orders/${encodeURIComponent(orderId)}/refunds`,
    data: request,
    headers: { 'Idempotency-Key': idempotencyKey },
    silent: true,
  });

/** Refunds, then shows the order as it now is and refreshes the organisation's lists and totals. */
export function useRefundOrder(organizationId: string) {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RefundInput) => refundOrder(api, input),
    onSuccess: (order) => {
      queryClient.setQueryData(paymentKeys.order(organizationId, order.id), order);
      return queryClient.invalidateQueries({ queryKey: paymentKeys.orderLists(organizationId) });
    },
  });
}
