import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminTicket, ReissueTicket } from '#contract/admin-sales.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { adminKeys } from '#lib/query-keys/admin.ts';

export const ticketQueryOptions = (api: ApiCaller, ticketId: string) =>
  queryOptions({
    queryKey: adminKeys.ticket(ticketId),
    queryFn: () => api<AdminTicket>({ url: `/admin/tickets/${encodeURIComponent(ticketId)}` }),
  });
export const useAdminTicket = (ticketId: string | null) =>
  useQuery({ ...ticketQueryOptions(useApiCaller(), ticketId ?? ''), enabled: ticketId !== null });

export function useTicketAction(ticketId: string) {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: { kind: 'void'; reason: string } | ({ kind: 'reissue' } & ReissueTicket)) =>
      api<AdminTicket>({
        method: 'POST',
        url: `/admin/tickets/${encodeURIComponent(ticketId)}/${action.kind}`,
        data: action.kind === 'void' ? { reason: action.reason } : { holderName: action.holderName, reason: action.reason },
        silent: true,
      }),
    onSuccess: (ticket) => queryClient.setQueryData(adminKeys.ticket(ticketId), ticket),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.lists('tickets') });
      void queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'audit'] });
    },
  });
}
