import { setFilters } from '../../api/lists.ts';

/** The payments page's lists, each a view of `/admin/payments?view=…` with filters of its own. */
export const paymentViews = [
  ['payments', 'Payments'],
  ['refunds', 'Refunds'],
  ['payouts', 'Payouts'],
  ['webhooks', 'Webhook deliveries'],
] as const;
export type PaymentView = (typeof paymentViews)[number][0];

export const paymentViewOf = (search: URLSearchParams): PaymentView => {
  const view = search.get('view');
  return view === 'refunds' || view === 'webhooks' || view === 'payouts' ? view : 'payments';
};

export const paymentFiltersOf = (view: PaymentView, search: URLSearchParams) =>
  view === 'payments'
    ? setFilters({ q: search.get('q'), sort: search.get('sort') })
    : view === 'refunds'
      ? setFilters({ status: search.get('status') })
      : view === 'payouts'
        ? setFilters({ q: search.get('q') })
        : setFilters({ failed: search.get('failed') });
