import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminOrder, AdminRefund } from '#contract/admin-sales.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { adminKeys } from '#lib/query-keys/admin.ts';

export const orderQueryOptions = (api: ApiCaller, orderId: string) =>
  queryOptions({
    queryKey: adminKeys.order(orderId),
    queryFn: () => api<AdminOrder>({ url: `/admin/orders/${encodeURIComponent(orderId)}` }),
  });
export const useAdminOrder = (orderId: string | null) =>
  useQuery({ ...orderQueryOptions(useApiCaller(), orderId ?? ''), enabled: orderId !== null });

/** A refund: one Idempotency-Key per dialog, so a second click (or a retry) refunds once. */
export function useAdminRefund(orderId: string) {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: AdminRefund; key: string }) =>
      api<AdminOrder>({
        method: 'POST',
        url: `/admin/orders/${encodeURIComponent(orderId)}/refunds`,
        data: input,
        headers: { 'Idempotency-Key': key },
        silent: true,
      }),
    onSuccess: (order) => queryClient.setQueryData(adminKeys.order(orderId), order),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.lists('orders') });
      void queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'audit'] });
    },
  });
}

export function useResendTickets(orderId: string) {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<AdminOrder>({ method: 'POST', url: `/admin/orders/${encodeURIComponent(orderId)}/resend-tickets`, silent: true }),
    onSuccess: (order) => queryClient.setQueryData(adminKeys.order(orderId), order),
  });
}
