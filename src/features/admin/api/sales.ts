import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  AdminEventPage,
  AdminEventRow,
  AdminOrder,
  AdminOrderPage,
  AdminPaymentPage,
  AdminPayoutPage,
  AdminRefund,
  AdminRefundPage,
  AdminTicket,
  AdminTicketPage,
  AdminWebhookPage,
  FeeQuote,
  FeeQuoteRequest,
  FeeRuleList,
  ModerateEvent,
  NewFeeRule,
  PlatformFees,
  ReissueTicket,
  WebhookRetry,
} from '#contract/admin-sales.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { adminKeys } from '#lib/query-keys/admin.ts';

/** The keyset lists of these pages, by their API path; each page names the cursor of the next. */
export const adminLists = {
  orders: '/admin/orders',
  tickets: '/admin/tickets',
  events: '/admin/events',
  payments: '/admin/payments',
  refunds: '/admin/refunds',
  webhooks: '/admin/webhooks',
  payouts: '/admin/payouts',
} as const;
type ListName = keyof typeof adminLists;
interface ListPages {
  orders: AdminOrderPage;
  tickets: AdminTicketPage;
  events: AdminEventPage;
  payments: AdminPaymentPage;
  refunds: AdminRefundPage;
  webhooks: AdminWebhookPage;
  payouts: AdminPayoutPage;
}

/** Only the filters that are set, so an empty box never reaches the query key or the API. */
export const setFilters = (filters: Record<string, string | undefined | null>) =>
  Object.fromEntries(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1]?.trim())));

export const adminListOptions = <N extends ListName>(api: ApiCaller, name: N, filters: Record<string, string>) =>
  infiniteQueryOptions({
    queryKey: adminKeys.list(name, filters),
    queryFn: ({ pageParam }) =>
      api<ListPages[N]>({ url: adminLists[name], params: { ...filters, ...(pageParam ? { after: pageParam } : {}) } }),
    initialPageParam: null as string | null,
    getNextPageParam: (page: ListPages[N]) => page.next,
  });

export const useAdminList = <N extends ListName>(name: N, filters: Record<string, string>, enabled = true) =>
  useInfiniteQuery({ ...adminListOptions(useApiCaller(), name, filters), enabled });

export const orderQueryOptions = (api: ApiCaller, orderId: string) =>
  queryOptions({
    queryKey: adminKeys.order(orderId),
    queryFn: () => api<AdminOrder>({ url: `/admin/orders/${encodeURIComponent(orderId)}` }),
  });
export const useAdminOrder = (orderId: string | null) =>
  useQuery({ ...orderQueryOptions(useApiCaller(), orderId ?? ''), enabled: orderId !== null });

export const ticketQueryOptions = (api: ApiCaller, ticketId: string) =>
  queryOptions({
    queryKey: adminKeys.ticket(ticketId),
    queryFn: () => api<AdminTicket>({ url: `/admin/tickets/${encodeURIComponent(ticketId)}` }),
  });
export const useAdminTicket = (ticketId: string | null) =>
  useQuery({ ...ticketQueryOptions(useApiCaller(), ticketId ?? ''), enabled: ticketId !== null });

export const platformFeesOptions = (api: ApiCaller) =>
  queryOptions({ queryKey: adminKeys.platformFees(), queryFn: () => api<PlatformFees>({ url: '/admin/platform-fees' }) });
export const usePlatformFees = () => useQuery(platformFeesOptions(useApiCaller()));

/** Every fee rule, or one organiser's fee plan. */
export const feeRulesOptions = (api: ApiCaller, organizationId?: string) =>
  queryOptions({
    queryKey: adminKeys.feeRules(organizationId),
    queryFn: () =>
      api<FeeRuleList>({ url: '/admin/booking-fees', params: organizationId ? { organization: organizationId } : undefined }),
  });
export const useFeeRules = (organizationId?: string) => useQuery(feeRulesOptions(useApiCaller(), organizationId));

const auditKey = [...adminKeys.all, 'audit'];

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
      void queryClient.invalidateQueries({ queryKey: auditKey });
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

/** Applies a failed webhook delivery again; the webhook lists and the overview's failed count follow. */
export function useRetryWebhook() {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api<WebhookRetry>({ method: 'POST', url: `/admin/webhooks/${encodeURIComponent(deliveryId)}/retry`, silent: true }),
    onSettled: () =>
      Promise.all(
        [adminKeys.lists('webhooks'), adminKeys.lists('orders'), adminKeys.lists('payments'), adminKeys.overview()].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

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
      void queryClient.invalidateQueries({ queryKey: auditKey });
    },
  });
}

export function useEventAction() {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      action: { eventId: string } & ({ kind: 'moderate'; input: ModerateEvent } | { kind: 'feature'; featured: boolean }),
    ) =>
      action.kind === 'moderate'
        ? api<AdminEventRow>({
            method: 'POST',
            url: `/admin/events/${encodeURIComponent(action.eventId)}/moderation`,
            data: action.input,
            silent: true,
          })
        : api<AdminEventRow>({
            method: 'PUT',
            url: `/admin/events/${encodeURIComponent(action.eventId)}/featured`,
            data: { featured: action.featured },
            silent: true,
          }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.lists('events') });
      void queryClient.invalidateQueries({ queryKey: auditKey });
    },
  });
}

export function useAddFeeRule() {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rule: NewFeeRule) => api<FeeRuleList>({ method: 'POST', url: '/admin/booking-fees', data: rule, silent: true }),
    // Every list of rules follows, and a plan rule's organiser shows it in its history.
    onSuccess: (_list, rule) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.feeRules() }),
        rule.organizationId ? queryClient.invalidateQueries({ queryKey: adminKeys.organiser(rule.organizationId) }) : null,
      ]),
  });
}

export function useFeeQuote() {
  const api = useApiCaller();
  return useMutation({
    mutationFn: (request: FeeQuoteRequest) =>
      api<FeeQuote>({ method: 'POST', url: '/admin/booking-fees/quote', data: request, silent: true }),
  });
}
