import { Link, useSearchParams } from 'react-router';
import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { linkClass } from '#components/button.ts';
import type { Column } from '#components/data-table/data-table.tsx';
import { KeysetTable } from '#components/data-table/keyset-table.tsx';
import { wideFieldClass } from '#components/fields/field-row.ts';
import { SelectField } from '#components/fields/select-field.tsx';
import { TextField } from '#components/fields/text-field.tsx';
import { formatDateTime } from '#components/format/date-time.ts';
import { statusLabels, statusTones } from '#components/order-status.ts';
import { TestBadge } from '#components/test-badge.tsx';
import { type AdminOrderRow, orderReadPermissions } from '#contract/admin-sales.ts';
import { formatMoney } from '#contract/money.ts';
import { orderStatusSchema } from '#contract/orders.ts';
import { accessQueryOptions, useAdminCan } from '#features/admin/api/get-access.ts';
import { adminListOptions, setFilters, useAdminList } from '#features/admin/api/lists.ts';
import { orderQueryOptions, useAdminOrder } from '#features/admin/api/orders.ts';
import { AdminOrderDetail } from '#features/admin/components/admin-order-detail.tsx';
import { AdminHeader, AdminPage, NotAllowed } from '#features/admin/components/admin-page.tsx';
import { CsvDownload } from '#features/admin/components/csv-download.tsx';
import { ListFilters, Pill, SortField } from '#features/admin/components/list-filters.tsx';
import { statusOf } from '#lib/api-caller.tsx';
import { useBootState } from '#lib/public-config.tsx';

const filterNames = ['q', 'status', 'eventId', 'from', 'to', 'sort'] as const;
const filtersOf = (search: URLSearchParams) =>
  setFilters(Object.fromEntries(filterNames.map((name) => [name, search.get(name)])));

export function createLoader({ queryClient, api }: RouteContext) {
  return async ({ request }: { request: Request }) => {
    const search = new URL(request.url).searchParams;
    const orderId = search.get('order');
    const access = await queryClient.fetchQuery(accessQueryOptions(api)).catch(() => null);
    if (!access?.permissions.some((one) => (orderReadPermissions as readonly string[]).includes(one))) return null;
    await (orderId
      ? queryClient.prefetchQuery(orderQueryOptions(api, orderId))
      : queryClient.prefetchInfiniteQuery(adminListOptions(api, 'orders', filtersOf(search))));
    return null;
  };
}

const columns: Column<AdminOrderRow>[] = [
  {
    id: 'reference',
    header: 'Order',
    cell: (order) => (
      <Link
        to={`/admin/orders?order=${order.id}`}
        className="whitespace-nowrap font-semibold font-mono text-indigo-700 underline"
      >
        {order.reference}
      </Link>
    ),
  },
  {
    id: 'placed',
    header: 'Placed',
    cell: (order) => <time dateTime={order.createdAt}>{formatDateTime(order.createdAt, { timeZone: 'UTC' })} UTC</time>,
  },
  {
    id: 'buyer',
    header: 'Buyer',
    cell: (order) => (
      <span>
        <span className="block text-slate-900">{order.buyerName}</span>
        <span className="block break-words text-slate-600 text-sm">{order.buyerEmail}</span>
      </span>
    ),
  },
  { id: 'event', header: 'Event', cell: (order) => order.eventTitle },
  {
    id: 'status',
    header: 'Status',
    cell: (order) => (
      <span className="flex flex-wrap gap-1">
        <Pill tone={statusTones[order.status]}>{statusLabels[order.status]}</Pill>
        {order.test ? <TestBadge /> : null}
      </span>
    ),
  },
  { id: 'total', header: 'Total', align: 'end', cell: (order) => formatMoney(order.total, order.currency) },
];

function OrdersList() {
  const [search] = useSearchParams();
  const filters = filtersOf(search);
  const orders = useAdminList('orders', filters);
  return (
    <>
      <ListFilters count={Object.keys(filters).length} clearTo="/admin/orders">
        <div className={wideFieldClass}>
          <TextField
            label="Reference or buyer email"
            name="q"
            defaultValue={filters.q ?? ''}
            placeholder="K7P3-9QXM or name@example.com"
          />
        </div>
        <SelectField label="Status" name="status" defaultValue={filters.status ?? ''}>
          <option value="">Any status</option>
          {orderStatusSchema.options.map((status) => (
            <option key={status} value={status}>
              {statusLabels[status]}
            </option>
          ))}
        </SelectField>
        <TextField label="Event id" name="eventId" defaultValue={filters.eventId ?? ''} />
        <TextField label="Placed from" name="from" type="date" defaultValue={filters.from ?? ''} />
        <TextField label="Placed to" name="to" type="date" defaultValue={filters.to ?? ''} />
        <SortField value={filters.sort} />
      </ListFilters>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-600 text-sm">{filters.sort === 'oldest' ? 'Oldest first' : 'Newest first'}. Times in UTC.</p>
        <CsvDownload list="orders" filters={filters} />
      </div>
      <KeysetTable
        list={orders}
        caption="Orders"
        columns={columns}
        errorText={
          statusOf(orders.error) === 400
            ? 'These filters are not valid: check the dates and the event id.'
            : 'The orders could not be loaded.'
        }
        empty="No orders match these filters."
      />
    </>
  );
}

function OrderView({ orderId }: { orderId: string }) {
  const order = useAdminOrder(orderId);
  const can = useAdminCan();
  const mailKept = useBootState().config.devMailbox;
  if (order.isPending) return <p className="text-slate-600">Loading the order…</p>;
  if (order.isError) {
    return (
      <p role="alert" className="text-red-700">
        {statusOf(order.error) === 404 ? 'That order was not found.' : 'The order could not be loaded.'}
      </p>
    );
  }
  return (
    <AdminOrderDetail
      order={order.data}
      canRefund={can('orders.refund')}
      canOpenTickets={can('tickets.void')}
      mailKept={mailKept}
    />
  );
}

export function Component() {
  const [search] = useSearchParams();
  const orderId = search.get('order');
  const can = useAdminCan();
  const allowed = orderReadPermissions.some((permission) => can(permission));

  return (
    <AdminPage>
      <PageMeta title="Orders" description="Every order on the platform." noIndex />
      <AdminHeader
        title="Orders"
        intro="Find any order by reference, buyer email, event, status or date; refund it with a reason."
      />
      {!allowed ? (
        <NotAllowed what="reading orders" />
      ) : orderId ? (
        <>
          <Link to="/admin/orders" className={linkClass}>
            ← All orders
          </Link>
          <OrderView orderId={orderId} />
        </>
      ) : (
        <OrdersList />
      )}
    </AdminPage>
  );
}
