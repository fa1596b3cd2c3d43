import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrganiserRefundRequest, RefundRequestDecision, RefundRequestView } from '#contract/cancellations.ts';
import { formatMoney } from '#contract/money.ts';
import { useApiCaller } from '#lib/api-caller.tsx';
import { paymentKeys } from '#lib/query-keys/payments.ts';
import { toast } from '#lib/toasts.tsx';

/** `GET /organizations/{organizationId}/refund-requests`: buyers' open requests, oldest first. Silent: the page copes. */
export function useRefundRequests(organizationId: string | null) {
  const api = useApiCaller();
  return useQuery({
    queryKey: paymentKeys.refundRequests(organizationId ?? ''),
    queryFn: () =>
      api<{ items: OrganiserRefundRequest[] }>({
        url: `/organizations/${encodeURIComponent(organizationId ?? '')}/refund-requests`,
        silent: true,
      }),
    enabled: organizationId !== null,
  });
}

/**
 * `POST /refund-requests/{requestId}/decision`: refunded or declined; the requests, orders and totals load again. Said
 * here, not by the card that asked: the answered request leaves the list, and its card with it.
 */
export function useAnswerRefundRequest(organizationId: string, currency: string) {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, decision }: { requestId: string; decision: RefundRequestDecision }) =>
      api<RefundRequestView>({
        method: 'POST',
        url: `/refund-requests/${encodeURIComponent(requestId)}/decision`,
        data: decision,
        silent: true,
      }),
    onSuccess: (answered) =>
      toast.success(
        answered.status === 'declined'
          ? 'Declined. The buyer is told by email.'
          : `Refunded${answered.refundedAmount ? ` ${formatMoney(answered.refundedAmount, currency)}` : ''}. The buyer is told by email.`,
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentKeys.refundRequests(organizationId) }),
        queryClient.invalidateQueries({ queryKey: paymentKeys.orderLists(organizationId) }),
      ]),
  });
}
