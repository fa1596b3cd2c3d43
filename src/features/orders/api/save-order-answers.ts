import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '#contract/orders.ts';
import type { AnswerInput } from '#contract/questions.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { orderKeys } from '#lib/query-keys/orders.ts';

/** `PUT /orders/{orderId}/answers?token=`: the buyer's corrected answers, until the organiser's deadline. Silent. */
export const saveOrderAnswers = (api: ApiCaller, orderId: string, token: string | null, answers: AnswerInput[]): Promise<Order> =>
  api<Order>({
    method: 'PUT',
    url: `/orders/${encodeURIComponent(orderId)}/answers`,
    params: token ? { token } : undefined,
    data: { answers },
    silent: true,
  });

/** Saves the answers; the order and the account's bookings load again. */
export function useSaveOrderAnswers(orderId: string, token: string | null) {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: AnswerInput[]) => saveOrderAnswers(api, orderId, token, answers),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) }),
        queryClient.invalidateQueries({ queryKey: [...orderKeys.all, 'mine'] }),
      ]),
  });
}
