import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelTicketsInput, RefundAskInput } from '#contract/cancellations.ts';
import type { Order } from '#contract/orders.ts';
import type { RenameTicketInput, TransferTicketInput } from '#contract/ticket-transfers.ts';
import { useApiCaller } from '#lib/api-caller.tsx';
import { orderKeys } from '#lib/query-keys/orders.ts';

// The buyer's own cancellations and refund requests (decision 068), transfers and name corrections (decision 069).
// Silent: the forms show the server's words.

/** The order comes back changed: it replaces the cached one, and the account's bookings load again. */
function useOrderChange<T>(orderId: string, send: (input: T) => Promise<Order>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(orderId), (kept: Order | undefined) => ({
        ...order,
        accessToken: kept?.accessToken,
      }));
      return queryClient.invalidateQueries({ queryKey: [...orderKeys.all, 'mine'] });
    },
  });
}

/** `POST /orders/{orderId}/cancellation?token=`, with an Idempotency-Key the same for every try of one confirmation. */
export function useCancelTickets(orderId: string, token: string | null) {
  const api = useApiCaller();
  return useOrderChange(orderId, ({ body, idempotencyKey }: { body: CancelTicketsInput; idempotencyKey: string }) =>
    api<Order>({
      method: 'POST',
      url: `/orders/${encodeURIComponent(orderId)}/cancellation`,
      params: token ? { token } : undefined,
      headers: { 'Idempotency-Key': idempotencyKey },
      data: body,
      silent: true,
    }),
  );
}

/** `POST /orders/{orderId}/refund-requests?token=`: the buyer asks the organiser. */
export function useAskForRefund(orderId: string, token: string | null) {
  const api = useApiCaller();
  return useOrderChange(orderId, (body: RefundAskInput) =>
    api<Order>({
      method: 'POST',
      url: `/orders/${encodeURIComponent(orderId)}/refund-requests`,
      params: token ? { token } : undefined,
      data: body,
      silent: true,
    }),
  );
}

/** `POST /orders/{orderId}/tickets/{ticketId}/transfer?token=` or `…/holder-name`: a ticket passed on, or its name corrected. */
export function useChangeHolder(orderId: string, token: string | null) {
  const api = useApiCaller();
  return useOrderChange(
    orderId,
    ({ ticketId, change }: { ticketId: string; change: { transfer: TransferTicketInput } | { rename: RenameTicketInput } }) =>
      api<Order>({
        method: 'POST',
        url: `/orders/${encodeURIComponent(orderId)}/tickets/${encodeURIComponent(ticketId)}/${'transfer' in change ? 'transfer' : 'holder-name'}`,
        params: token ? { token } : undefined,
        data: 'transfer' in change ? change.transfer : change.rename,
        silent: true,
      }),
  );
}
