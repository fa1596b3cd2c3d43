import { Link, useSearchParams } from 'react-router';
import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { accessQueryOptions, useAdminCan } from '#features/admin/api/get-access.ts';
import { adminListOptions } from '#features/admin/api/lists.ts';
import { platformFeesOptions, usePlatformFees } from '#features/admin/api/money.ts';
import { AdminHeader, AdminPage, NotAllowed } from '#features/admin/components/admin-page.tsx';
import { CsvDownload } from '#features/admin/components/csv-download.tsx';
import { FeeFigures } from '#features/admin/components/payments/fee-figures.tsx';
import { PaymentFilters } from '#features/admin/components/payments/payment-filters.tsx';
import { paymentFiltersOf, paymentViewOf, paymentViews } from '#features/admin/components/payments/payment-views.ts';
import { PaymentsList } from '#features/admin/components/payments/payments-list.tsx';
import { PayoutsList } from '#features/admin/components/payments/payouts-list.tsx';
import { RefundsList } from '#features/admin/components/payments/refunds-list.tsx';
import { WebhooksList } from '#features/admin/components/payments/webhooks-list.tsx';

export function createLoader({ queryClient, api }: RouteContext) {
  return async ({ request }: { request: Request }) => {
    const search = new URL(request.url).searchParams;
    const access = await queryClient.fetchQuery(accessQueryOptions(api)).catch(() => null);
    if (!access?.permissions.includes('payments.read')) return null;
    const view = paymentViewOf(search);
    await Promise.all([
      queryClient.prefetchQuery(platformFeesOptions(api)),
      queryClient.prefetchInfiniteQuery(adminListOptions(api, view, paymentFiltersOf(view, search))),
    ]);
    return null;
  };
}

export function Component() {
  const [search] = useSearchParams();
  const view = paymentViewOf(search);
  const filters = paymentFiltersOf(view, search);
  const can = useAdminCan();
  const allowed = can('payments.read');
  const fees = usePlatformFees();
  return (
    <AdminPage>
      <PageMeta title="Payments" description="Payments, refunds, fees and webhooks." noIndex />
      <AdminHeader
        title="Payments"
        intro="Every payment and refund, the platform’s booking fees, the payouts to organisers, and the payment provider’s webhook deliveries."
        actions={allowed ? <CsvDownload list={view} filters={filters} /> : null}
      />
      {!allowed ? (
        <NotAllowed what="reading payments" />
      ) : (
        <>
          {fees.data ? <FeeFigures fees={fees.data} /> : null}
          <nav aria-label="Payment lists">
            <ul className="flex gap-1 overflow-x-auto border-slate-200 border-b">
              {paymentViews.map(([id, label]) => (
                <li key={id}>
                  <Link
                    to={id === 'payments' ? '/admin/payments' : `/admin/payments?view=${id}`}
                    aria-current={view === id ? 'page' : undefined}
                    className={`-mb-px inline-flex min-h-11 items-center whitespace-nowrap border-b-2 px-4 font-semibold ${
                      view === id ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-600 hover:text-slate-900'
                    }`}
                  >
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <PaymentFilters key={view} view={view} filters={filters} />
          {view === 'payments' ? (
            <PaymentsList filters={filters} />
          ) : view === 'refunds' ? (
            <RefundsList filters={filters} />
          ) : view === 'payouts' ? (
            <PayoutsList filters={filters} />
          ) : (
            <WebhooksList filters={filters} />
          )}
        </>
      )}
    </AdminPage>
  );
}
