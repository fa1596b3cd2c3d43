import { Link, useSearchParams } from 'react-router';
import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { linkClass } from '#components/button.ts';
import type { Column } from '#components/data-table/data-table.tsx';
import { KeysetTable } from '#components/data-table/keyset-table.tsx';
import { formatDateTime } from '#components/format/date-time.ts';
import { TestBadge } from '#components/test-badge.tsx';
import { ticketStatusLabel, ticketStatusTone } from '#components/ticket-status.ts';
import { type AdminTicketRow, TICKET_SEARCH_MAX_LENGTH } from '#contract/admin-sales.ts';
import { accessQueryOptions, useAdminCan } from '#features/admin/api/get-access.ts';
import { adminListOptions, setFilters, useAdminList } from '#features/admin/api/lists.ts';
import { ticketQueryOptions, useAdminTicket } from '#features/admin/api/tickets.ts';
import { AdminHeader, AdminPage, AdminSearch, NotAllowed } from '#features/admin/components/admin-page.tsx';
import { AdminTicketDetail } from '#features/admin/components/admin-ticket-detail.tsx';
import { CsvDownload } from '#features/admin/components/csv-download.tsx';
import { Pill } from '#features/admin/components/list-filters.tsx';
import { statusOf } from '#lib/api-caller.tsx';

export function createLoader({ queryClient, api }: RouteContext) {
  return async ({ request }: { request: Request }) => {
    const search = new URL(request.url).searchParams;
    const ticketId = search.get('ticket');
    const access = await queryClient.fetchQuery(accessQueryOptions(api)).catch(() => null);
    if (!access?.permissions.includes('tickets.void')) return null;
    await (ticketId
      ? queryClient.prefetchQuery(ticketQueryOptions(api, ticketId))
      : queryClient.prefetchInfiniteQuery(adminListOptions(api, 'tickets', setFilters({ q: search.get('q') }))));
    return null;
  };
}

const columns: Column<AdminTicketRow>[] = [
  {
    id: 'holder',
    header: 'Holder',
    cell: (ticket) => (
      <Link to={`/admin/tickets?ticket=${ticket.id}`} className="font-semibold text-indigo-700 underline">
        {ticket.holderName}
      </Link>
    ),
  },
  { id: 'event', header: 'Event', cell: (ticket) => `${ticket.eventTitle} · ${ticket.typeName}` },
  {
    id: 'order',
    header: 'Order',
    cell: (ticket) => (
      <span>
        <span className="block font-mono">{ticket.reference}</span>
        <span className="block break-words text-slate-600 text-sm">{ticket.buyerEmail}</span>
      </span>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (ticket) => (
      <span className="flex flex-wrap gap-1">
        <Pill tone={ticketStatusTone(ticket)}>{ticketStatusLabel(ticket)}</Pill>
        {ticket.test ? <TestBadge /> : null}
      </span>
    ),
  },
  {
    id: 'issued',
    header: 'Issued',
    cell: (ticket) => <time dateTime={ticket.createdAt}>{formatDateTime(ticket.createdAt, { timeZone: 'UTC' })} UTC</time>,
  },
];

function TicketsList() {
  const [search] = useSearchParams();
  const q = search.get('q')?.trim() ?? '';
  const tickets = useAdminList('tickets', setFilters({ q }));
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <AdminSearch label="Find a ticket" q={q} placeholder="Code, order or holder" maxLength={TICKET_SEARCH_MAX_LENGTH} />
        {q ? <CsvDownload list="tickets" filters={{ q }} /> : null}
      </div>
      <KeysetTable
        list={tickets}
        caption="Tickets"
        columns={columns}
        errorText="The tickets could not be loaded."
        empty="No tickets match this search."
      />
    </>
  );
}

function TicketView({ ticketId }: { ticketId: string }) {
  const ticket = useAdminTicket(ticketId);
  if (ticket.isPending) return <p className="text-slate-600">Loading the ticket…</p>;
  if (ticket.isError) {
    return (
      <p role="alert" className="text-red-700">
        {statusOf(ticket.error) === 404 ? 'That ticket was not found.' : 'The ticket could not be loaded.'}
      </p>
    );
  }
  return <AdminTicketDetail ticket={ticket.data} />;
}

export function Component() {
  const [search] = useSearchParams();
  const ticketId = search.get('ticket');
  const can = useAdminCan();
  return (
    <AdminPage>
      <PageMeta title="Tickets" description="Find, void and reissue tickets." noIndex />
      <AdminHeader
        title="Tickets"
        intro="Find a ticket by its code, its order or its holder; see every scan of it; void it or reissue it to a corrected name."
      />
      {!can('tickets.void') ? (
        <NotAllowed what="working on tickets" />
      ) : ticketId ? (
        <>
          <Link to="/admin/tickets" className={linkClass}>
            ← Find another ticket
          </Link>
          <TicketView ticketId={ticketId} />
        </>
      ) : (
        <TicketsList />
      )}
    </AdminPage>
  );
}
