import { Link, useSearchParams } from 'react-router';
import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { type Column, DataTable } from '#components/data-table/data-table.tsx';
import { wideFieldClass } from '#components/fields/field-row.ts';
import { SelectField } from '#components/fields/select-field.tsx';
import { TextField } from '#components/fields/text-field.tsx';
import { formatDateTime } from '#components/format/date-time.ts';
import { StatBox } from '#components/stat-box.tsx';
import { TestBadge } from '#components/test-badge.tsx';
import {
  type AdminPaymentPage,
  type AdminPayoutPage,
  type AdminRefundPage,
  type AdminWebhookPage,
  type PlatformFees,
  unmatchedWebhookOutcome,
} from '#contract/admin-sales.ts';
import { formatMoney } from '#contract/money.ts';
import { accessQueryOptions, useAdminCan } from '#features/admin/api/get-access.ts';
import { adminListOptions, setFilters, useAdminList } from '#features/admin/api/lists.ts';
import { platformFeesOptions, usePlatformFees } from '#features/admin/api/money.ts';
import { AdminHeader, AdminPage, NotAllowed, ShowMore } from '#features/admin/components/admin-page.tsx';
import { CsvDownload } from '#features/admin/components/csv-download.tsx';
import { ListFilters, Pill, SortField } from '#features/admin/components/list-filters.tsx';
import { RetryWebhookButton } from '#features/admin/components/webhook-retry.tsx';

const views = [
  ['payments', 'Payments'],
  ['refunds', 'Refunds'],
  ['payouts', 'Payouts'],
  ['webhooks', 'Webhook deliveries'],
] as const;
type View = (typeof views)[number][0];
const viewOf = (search: URLSearchParams): View => {
  const view = search.get('view');
  return view === 'refunds' || view === 'webhooks' || view === 'payouts' ? view : 'payments';
};
const filtersOf = (view: View, search: URLSearchParams) =>
  view === 'payments'
    ? setFilters({ q: search.get('q'), sort: search.get('sort') })
    : view === 'refunds'
      ? setFilters({ status: search.get('status') })
      : view === 'payouts'
        ? setFilters({ q: search.get('q') })
        : setFilters({ failed: search.get('failed') });

export function createLoader({ queryClient, api }: RouteContext) {
  return async ({ request }: { request: Request }) => {
    const search = new URL(request.url).searchParams;
    const access = await queryClient.fetchQuery(accessQueryOptions(api)).catch(() => null);
    if (!access?.permissions.includes('payments.read')) return null;
    const view = viewOf(search);
    await Promise.all([
      queryClient.prefetchQuery(platformFeesOptions(api)),
      queryClient.prefetchInfiniteQuery(adminListOptions(api, view, filtersOf(view, search))),
    ]);
    return null;
  };
}

const when = (at: string) => <time dateTime={at}>{formatDateTime(at, { timeZone: 'UTC' })} UTC</time>;
const orderLink = (orderId: string, reference: string) => (
  <Link to={`/admin/orders?order=${orderId}`} className="whitespace-nowrap font-mono font-semibold text-indigo-700 underline">
    {reference}
  </Link>
);
const tone = (status: string) =>
  status === 'succeeded'
    ? 'bg-emerald-100 text-emerald-900'
    : status === 'failed'
      ? 'bg-red-100 text-red-900'
      : 'bg-amber-100 text-amber-900';

const paymentColumns: Column<AdminPaymentPage['items'][number]>[] = [
  { id: 'at', header: 'Started', cell: (row) => when(row.createdAt) },
  { id: 'order', header: 'Order', cell: (row) => orderLink(row.orderId, row.reference) },
  { id: 'buyer', header: 'Buyer', cell: (row) => <span className="break-all">{row.buyerEmail}</span> },
  {
    id: 'provider',
    header: 'Provider',
    cell: (row) => (
      <span>
        <span className="block">{row.provider === 'sandbox' ? 'Sandbox (TEST)' : row.provider}</span>
        <span className="block break-all font-mono text-slate-600 text-xs">{row.paymentRef ?? ''}</span>
      </span>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (row) => {
      // A checkout stays open after a declined card, so the buyer can try another: say the decline, not "open".
      const declined = row.status === 'open' && row.failureReason !== null;
      return (
        <span className="flex flex-col gap-1">
          <span className="flex flex-wrap gap-1">
            <Pill tone={tone(declined ? 'failed' : row.status)}>{declined ? 'declined' : row.status}</Pill>
            {row.test ? <TestBadge /> : null}
          </span>
          {row.failureReason ? (
            <span className="text-red-700 text-sm">
              {row.failureReason}
              {declined ? ' The buyer may still try another card.' : ''}
            </span>
          ) : null}
        </span>
      );
    },
  },
  { id: 'amount', header: 'Amount', align: 'end', cell: (row) => formatMoney(row.amount, row.currency) },
  { id: 'fee', header: 'Platform fee', align: 'end', cell: (row) => formatMoney(row.fee, row.currency) },
];

const refundColumns: Column<AdminRefundPage['items'][number]>[] = [
  { id: 'at', header: 'Decided', cell: (row) => when(row.createdAt) },
  { id: 'order', header: 'Order', cell: (row) => orderLink(row.orderId, row.reference) },
  { id: 'reason', header: 'Reason', cell: (row) => <span className="break-words">{row.reason}</span> },
  {
    id: 'status',
    header: 'Status',
    cell: (row) => (
      <span>
        <span className="flex flex-wrap gap-1">
          <Pill tone={tone(row.status)}>{row.status}</Pill>
          {row.test ? <TestBadge /> : null}
        </span>
        {row.lastError ? <span className="block text-red-700 text-sm">{row.lastError}</span> : null}
      </span>
    ),
  },
  { id: 'amount', header: 'Amount', align: 'end', cell: (row) => formatMoney(row.amount, row.currency) },
  { id: 'fee', header: 'Fee returned', align: 'end', cell: (row) => formatMoney(row.feeAmount, row.currency) },
];

const payoutColumns: Column<AdminPayoutPage['items'][number]>[] = [
  { id: 'at', header: 'Paid out', cell: (row) => when(row.createdAt) },
  { id: 'reference', header: 'Reference', cell: (row) => <span className="font-mono text-sm">{row.reference}</span> },
  {
    id: 'organiser',
    header: 'Organiser',
    cell: (row) => (
      <Link to={`/admin/organisers/${row.organizationId}`} className="font-semibold text-indigo-700 underline underline-offset-2">
        {row.organizationName}
      </Link>
    ),
  },
  { id: 'orders', header: 'Orders', align: 'end', cell: (row) => row.orders },
  { id: 'status', header: 'Status', cell: (row) => <Pill tone="bg-emerald-100 text-emerald-900">{row.status}</Pill> },
  { id: 'provider', header: 'Provider', cell: (row) => row.provider },
  { id: 'amount', header: 'Amount', align: 'end', cell: (row) => formatMoney(row.amount, row.currency) },
];

type WebhookRow = AdminWebhookPage['items'][number];
const webhookColumns: Column<WebhookRow>[] = [
  { id: 'at', header: 'Received', cell: (row) => when(row.receivedAt) },
  { id: 'provider', header: 'Provider', cell: (row) => row.provider },
  { id: 'type', header: 'Event', cell: (row) => <code className="break-all text-sm">{row.type}</code> },
  { id: 'id', header: 'Delivery', cell: (row) => <span className="break-all font-mono text-xs">{row.providerEventId}</span> },
  {
    id: 'outcome',
    header: 'Outcome',
    cell: (row) => (
      <Pill tone={row.outcome === unmatchedWebhookOutcome ? 'bg-red-100 text-red-900' : 'bg-slate-100 text-slate-800'}>
        {row.outcome === unmatchedWebhookOutcome ? 'No matching payment' : row.outcome.replaceAll('_', ' ')}
      </Pill>
    ),
  },
  { id: 'order', header: 'Order', cell: (row) => (row.orderId ? orderLink(row.orderId, 'Open') : '—') },
];
/** With orders.refund, a failed delivery can be applied again. */
const retryColumn: Column<WebhookRow> = {
  id: 'retry',
  header: 'Action',
  cell: (row) => (row.outcome === unmatchedWebhookOutcome ? <RetryWebhookButton deliveryId={row.id} /> : null),
};

function FeeFigures({ fees }: { fees: PlatformFees }) {
  return (
    <section aria-labelledby="fees-title" className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="fees-title" className="font-bold text-lg text-slate-900">
        Platform fees, last 30 days
      </h2>
      {fees.items.length === 0 ? (
        <p className="text-slate-600">No booking fees taken in the last 30 days (TEST orders are left out).</p>
      ) : (
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {fees.items.map((row) => (
            <StatBox
              key={row.currency}
              label={`Fees in ${row.currency}`}
              value={formatMoney(row.fees - row.refundedFees, row.currency)}
              hint={`${row.orders} orders; ${formatMoney(row.refundedFees, row.currency)} given back`}
            />
          ))}
        </dl>
      )}
    </section>
  );
}

function ViewFilters({ view, filters }: { view: View; filters: Record<string, string> }) {
  if (view === 'payouts') {
    return (
      <ListFilters count={Object.keys(filters).length} clearTo="/admin/payments?view=payouts">
        <input type="hidden" name="view" value={view} />
        <div className={wideFieldClass}>
          <TextField label="Payout reference or organiser name" name="q" defaultValue={filters.q ?? ''} />
        </div>
      </ListFilters>
    );
  }
  if (view === 'payments') {
    return (
      <ListFilters count={Object.keys(filters).length} clearTo="/admin/payments">
        <div className={wideFieldClass}>
          <TextField label="Order reference, buyer email or provider reference" name="q" defaultValue={filters.q ?? ''} />
        </div>
        <SortField value={filters.sort} />
      </ListFilters>
    );
  }
  return (
    <ListFilters count={Object.keys(filters).length} clearTo={`/admin/payments?view=${view}`}>
      <input type="hidden" name="view" value={view} />
      {view === 'refunds' ? (
        <SelectField label="Status" name="status" defaultValue={filters.status ?? ''}>
          <option value="">Any status</option>
          <option value="pending">Pending</option>
          <option value="succeeded">Succeeded</option>
          <option value="failed">Failed</option>
        </SelectField>
      ) : (
        <SelectField label="Deliveries" name="failed" defaultValue={filters.failed ?? ''}>
          <option value="">All</option>
          <option value="true">Failed only (no matching payment)</option>
        </SelectField>
      )}
    </ListFilters>
  );
}

interface KeysetList<Row> {
  data?: { pages: { items: Row[] }[] };
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch(): unknown;
  fetchNextPage(): unknown;
}

/** A keyset list in a table with its "Show more". */
function KeysetTable<Row extends { id: string }>(props: {
  list: KeysetList<Row>;
  caption: string;
  columns: Column<Row>[];
  empty: string;
}) {
  const { list } = props;
  return (
    <>
      <DataTable
        caption={props.caption}
        captionHidden
        columns={props.columns}
        rows={list.data?.pages.flatMap((page) => page.items) ?? []}
        rowKey={(row) => row.id}
        loading={list.isPending}
        error={list.isError ? 'This list could not be loaded.' : null}
        onRetry={() => void list.refetch()}
        empty={props.empty}
      />
      <ShowMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} />
    </>
  );
}

function PaymentsList({ filters }: { filters: Record<string, string> }) {
  const list = useAdminList('payments', filters);
  return <KeysetTable list={list} caption="Payments" columns={paymentColumns} empty="No payments match." />;
}
function RefundsList({ filters }: { filters: Record<string, string> }) {
  const list = useAdminList('refunds', filters);
  return <KeysetTable list={list} caption="Refunds" columns={refundColumns} empty="No refunds match." />;
}
function PayoutsList({ filters }: { filters: Record<string, string> }) {
  const list = useAdminList('payouts', filters);
  return <KeysetTable list={list} caption="Payouts" columns={payoutColumns} empty="No payouts match." />;
}
function WebhooksList({ filters }: { filters: Record<string, string> }) {
  const list = useAdminList('webhooks', filters);
  const canRetry = useAdminCan()('orders.refund');
  return (
    <KeysetTable
      list={list}
      caption="Webhook deliveries"
      columns={canRetry ? [...webhookColumns, retryColumn] : webhookColumns}
      empty="No webhook deliveries match."
    />
  );
}

export function Component() {
  const [search] = useSearchParams();
  const view = viewOf(search);
  const filters = filtersOf(view, search);
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
              {views.map(([id, label]) => (
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
          <ViewFilters key={view} view={view} filters={filters} />
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
