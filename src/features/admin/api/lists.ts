import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type {
  AdminEventPage,
  AdminOrderPage,
  AdminPaymentPage,
  AdminPayoutPage,
  AdminRefundPage,
  AdminTicketPage,
  AdminWebhookPage,
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
