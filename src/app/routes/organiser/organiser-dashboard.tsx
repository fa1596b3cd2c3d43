import { Link, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs, useSearchParams } from 'react-router';
import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { buttonClass } from '#components/button.ts';
import { Spinner } from '#components/submit-button.tsx';
import { dashboardQueryOptions, useDashboard } from '#features/dashboard/api/get-dashboard.ts';
import { ArrivalsChart } from '#features/dashboard/components/arrivals-chart.tsx';
import { DailyRevenueChart } from '#features/dashboard/components/daily-revenue-chart.tsx';
import { DailySalesChart } from '#features/dashboard/components/daily-sales-chart.tsx';
import { DashboardWarnings } from '#features/dashboard/components/dashboard-warnings.tsx';
import { DoorCounts } from '#features/dashboard/components/door-counts.tsx';
import { EventPicker } from '#features/dashboard/components/event-picker.tsx';
import { OrdersByStatus } from '#features/dashboard/components/orders-by-status.tsx';
import { SetupChecklist } from '#features/dashboard/components/setup-checklist.tsx';
import { TicketTypeSales } from '#features/dashboard/components/ticket-type-sales.tsx';
import { PaymentTotals } from '#features/payments/components/payment-totals.tsx';
import { statusOf } from '#lib/api-caller.tsx';
import { useRouteSession } from '#lib/session/session-context.tsx';

const eventOf = (url: URL | string) => new URL(url, 'http://admit.invalid').searchParams.get('event') || null;

/** The figures come with the page; a refusal (door staff) is shown by the page, not thrown. */
export function createLoader({ queryClient, api, session }: RouteContext) {
  return async ({ request }: LoaderFunctionArgs) => {
    const { organizationId } = session();
    if (organizationId) {
      await queryClient.prefetchQuery(dashboardQueryOptions(api, organizationId, eventOf(request.url))).catch(() => undefined);
    }
    return null;
  };
}

/** The chosen event lives in the address; the page's own query follows it. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export function Component() {
  const { organizationId } = useRouteSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const eventId = searchParams.get('event') || null;
  const board = useDashboard(organizationId, eventId);
  const data = board.data;
  const forbidden = statusOf(board.error) === 403;

  const choose = (next: string | null) =>
    setSearchParams(next ? { event: next } : {}, { preventScrollReset: true, replace: true });

  return (
    <div className="space-y-6">
      <PageMeta title="Dashboard" description="Sales, money and the door for your events." noIndex />
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">Dashboard</h1>
          <p className="mt-1 text-slate-600">How sales, money and the door are going. Updates every few seconds.</p>
        </div>
        {data ? <EventPicker events={data.events} eventId={eventId} onChange={choose} /> : null}
      </header>

      {forbidden ? (
        <div role="alert" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 className="font-bold text-lg text-slate-900">The dashboard is for owners, managers and finance</h2>
          <p className="mt-1 text-slate-600">Your role in this organisation is checking tickets at the door.</p>
          <Link to="/organizer/scan-ticket" className={`${buttonClass('primary', 'small')} mt-4`}>
            Open the scanner
          </Link>
        </div>
      ) : data ? (
        <div aria-busy={board.isPlaceholderData} className="space-y-6">
          <DashboardWarnings warnings={data.warnings} />
          <SetupChecklist setup={data.setup} />
          <DoorCounts door={data.door} pageViews={data.pageViews} />
          <ArrivalsChart arrivals={data.arrivals} forEvent={eventId !== null} />
          <section aria-labelledby="money-title" className="space-y-3">
            <h2 id="money-title" className="font-bold text-lg text-slate-900">
              Money
            </h2>
            <PaymentTotals totals={data.money} testOrders={data.testOrders} />
          </section>
          <div className="grid gap-6 lg:grid-cols-2">
            <DailySalesChart dailySales={data.dailySales} />
            <DailyRevenueChart dailyRevenue={data.dailyRevenue} days={data.dailySales.length} />
          </div>
          <div className="grid gap-6 lg:grid-cols-2">
            <OrdersByStatus ordersByStatus={data.ordersByStatus} />
          </div>
          <TicketTypeSales ticketTypes={data.ticketTypes} withEvent={eventId === null} />
        </div>
      ) : board.isError ? (
        <div role="alert" className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
          <p className="font-semibold text-slate-900">The dashboard could not be loaded.</p>
          <button type="button" onClick={() => void board.refetch()} className={`${buttonClass('secondary', 'small')} mt-4`}>
            Try again
          </button>
        </div>
      ) : (
        <p role="status" className="flex items-center gap-2 text-slate-600">
          <Spinner /> Loading the dashboard…
        </p>
      )}
    </div>
  );
}
