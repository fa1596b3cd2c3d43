import { type Column, DataTable } from '#components/data-table/data-table.tsx';
import type { Dashboard } from '#contract/dashboard.ts';

type Row = Dashboard['ticketTypes'][number];

function Meter({ sold, capacity }: Pick<Row, 'sold' | 'capacity'>) {
  const share = capacity > 0 ? Math.min(100, Math.round((sold / capacity) * 100)) : 0;
  return (
    <span className="flex items-center gap-2 md:justify-end">
      <span className="tabular-nums">
        {sold} / {capacity}
      </span>
      <span aria-hidden="true" className="h-2 w-20 overflow-hidden rounded-full bg-slate-200">
        <span className="block h-full bg-indigo-600" style={{ width: `${share}%` }} />
      </span>
    </span>
  );
}

/** Sold against capacity per ticket type; with the event's name when the whole organisation is shown. */
export function TicketTypeSales({ ticketTypes, withEvent }: Pick<Dashboard, 'ticketTypes'> & { withEvent: boolean }) {
  const columns: Column<Row>[] = [
    ...(withEvent ? [{ id: 'event', header: 'Event', cell: (row: Row) => row.eventTitle }] : []),
    { id: 'name', header: 'Ticket type', cell: (row) => row.name },
    { id: 'sold', header: 'Sold / capacity', cell: (row) => <Meter {...row} />, align: 'end' },
  ];
  return (
    <section aria-labelledby="types-title" className="space-y-2">
      <h2 id="types-title" className="font-bold text-lg text-slate-900">
        Tickets sold
      </h2>
      <DataTable
        caption="Tickets sold against capacity per ticket type"
        captionHidden
        columns={columns}
        rows={ticketTypes}
        rowKey={(row) => row.id}
        empty="No ticket types yet."
      />
    </section>
  );
}
