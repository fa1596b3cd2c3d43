import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type ShouldRevalidateFunctionArgs, useSearchParams } from 'react-router';
import { createOrganiserEventsLoader } from '#app/loaders/organiser-events-loader.ts';
import { PageMeta } from '#app/page-meta.tsx';
import { buttonClass } from '#components/button.ts';
import { Pager } from '#components/data-table/pager.tsx';
import { Spinner } from '#components/submit-button.tsx';
import type { MemberRole } from '#contract/users.ts';
import { organizationEventsQueryOptions } from '#features/organizer/api/get-organization-events.ts';
import { downloadOrdersCsv } from '#features/payments/api/download-orders-csv.ts';
import { useOrganizationOrders } from '#features/payments/api/get-organization-orders.ts';
import { OrderDrawer } from '#features/payments/components/order-drawer.tsx';
import { OrderFiltersForm } from '#features/payments/components/order-filters-form.tsx';
import { OrdersList } from '#features/payments/components/orders-list.tsx';
import { PaymentTotals } from '#features/payments/components/payment-totals.tsx';
import { RefundRequestsPanel } from '#features/payments/components/refund-requests-panel.tsx';
import {
  type OrderFilters,
  orderFiltersToSearch,
  ordersPageSize,
  parseOrderFilters,
} from '#features/payments/utils/order-filters.ts';
import { statusOf, useApiCaller } from '#lib/api-caller.tsx';
import { useRouteSession } from '#lib/session/session-context.tsx';
import { useSession } from '#lib/session/use-session.ts';
import { toast } from '#lib/toasts.tsx';

export const createLoader = createOrganiserEventsLoader;

/** Filters and the open order live in the address; the page's own queries follow them. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

const refundRoles: readonly MemberRole[] = ['owner', 'finance'];

export function Component() {
  const { organizationId } = useRouteSession();
  const { user } = useSession();
  const api = useApiCaller();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = parseOrderFilters(searchParams);
  const openOrder = searchParams.get('order');
  const orders = useOrganizationOrders(organizationId, filters);
  const events = useInfiniteQuery({
    ...organizationEventsQueryOptions(api, organizationId ?? '', ''),
    enabled: organizationId !== null,
  });
  const [exporting, setExporting] = useState(false);
  const canRefund = user?.organizationRole ? refundRoles.includes(user.organizationRole) : false;

  const hrefFor = (next: OrderFilters, order: string | null = null) => {
    const search = orderFiltersToSearch(next);
    if (order) search.set('order', order);
    const text = search.toString();
    return text ? `?${text}` : '?';
  };
  const applyFilters = (next: OrderFilters) => setSearchParams(orderFiltersToSearch(next), { preventScrollReset: true });
  const closeOrder = () => setSearchParams(orderFiltersToSearch(filters), { preventScrollReset: true, replace: true });
  const exportCsv = async () => {
    if (!organizationId) return;
    setExporting(true);
    try {
      await downloadOrdersCsv(organizationId, filters);
    } catch {
      toast.error('The export could not be downloaded. Please try again.');
    } finally {
      setExporting(false);
    }
  };

  const list = orders.data;
  const pages = list ? Math.max(1, Math.ceil(list.total / ordersPageSize)) : 1;
  const forbidden = statusOf(orders.error) === 403;
  const eventOptions = (events.data?.pages.flatMap((page) => page.items) ?? []).map(({ id, title }) => ({ id, title }));

  return (
    <div className="space-y-6">
      <PageMeta title="Payments" description="Your organisation’s orders, payments and refunds." noIndex />
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">Payments</h1>
          <p className="mt-1 text-slate-600">Orders for your events: what was paid, booking fees, refunds and what is yours.</p>
        </div>
        {forbidden ? null : (
          <button
            type="button"
            onClick={() => void exportCsv()}
            disabled={exporting || !organizationId}
            className={`${buttonClass('secondary')} w-full sm:w-auto`}
          >
            {exporting ? <Spinner /> : null}
            {exporting ? 'Preparing CSV…' : 'Export CSV'}
          </button>
        )}
      </header>

      {forbidden ? (
        <div role="alert" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 className="font-bold text-lg text-slate-900">Payments are for owners, managers and finance</h2>
          <p className="mt-1 text-slate-600">Your role in this organisation does not include orders and money.</p>
        </div>
      ) : (
        <>
          {organizationId ? (
            <RefundRequestsPanel organizationId={organizationId} canRefund={canRefund} orderHref={(id) => hrefFor(filters, id)} />
          ) : null}
          <OrderFiltersForm filters={filters} events={eventOptions} onChange={applyFilters} />
          {list ? (
            <>
              <PaymentTotals totals={list.totals} testOrders={list.testOrders} />
              <section aria-labelledby="orders-title" aria-busy={orders.isPlaceholderData} className="space-y-3">
                <h2 id="orders-title" className="font-bold text-slate-900 text-xl">
                  {list.total} order{list.total === 1 ? '' : 's'}
                </h2>
                {list.items.length === 0 ? (
                  <p className="rounded-2xl bg-white p-6 text-center text-slate-600 shadow-sm ring-1 ring-slate-200">
                    No orders match these filters.
                  </p>
                ) : (
                  <OrdersList orders={list.items} orderHref={(id) => hrefFor(filters, id)} />
                )}
                {pages > 1 ? (
                  <Pager
                    label="Order pages"
                    previous={filters.page > 1 ? hrefFor({ ...filters, page: filters.page - 1 }) : null}
                    next={filters.page < pages ? hrefFor({ ...filters, page: filters.page + 1 }) : null}
                  >
                    <p className="text-slate-700 text-sm">
                      Page {Math.min(filters.page, pages)} of {pages}
                    </p>
                  </Pager>
                ) : null}
              </section>
            </>
          ) : orders.isError ? (
            <div role="alert" className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
              <p className="font-semibold text-slate-900">The orders could not be loaded.</p>
              <button type="button" onClick={() => void orders.refetch()} className={`${buttonClass('secondary', 'small')} mt-4`}>
                Try again
              </button>
            </div>
          ) : (
            <p role="status" className="flex items-center gap-2 text-slate-600">
              <Spinner /> Loading orders…
            </p>
          )}
        </>
      )}
      {organizationId ? (
        <OrderDrawer organizationId={organizationId} orderId={openOrder} canRefund={canRefund} onClose={closeOrder} />
      ) : null}
    </div>
  );
}
