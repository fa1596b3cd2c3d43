import { buttonClass } from '#components/button.ts';
import { type Column, DataTable } from '#components/data-table/data-table.tsx';
import { formatEventStart } from '#components/format/dates.ts';
import type { WaitingEntry, WaitingEntryStatus } from '#contract/waiting-list.ts';

const statusLabels: Record<WaitingEntryStatus, string> = {
  unconfirmed: 'Email not confirmed',
  waiting: 'Waiting',
  offered: 'Offered',
  accepted: 'Booked',
  lapsed: 'Offer lapsed',
  left: 'Left',
  removed: 'Removed',
};

const statusTones: Record<WaitingEntryStatus, string> = {
  unconfirmed: 'bg-slate-100 text-slate-700',
  waiting: 'bg-indigo-100 text-indigo-900',
  offered: 'bg-amber-100 text-amber-900',
  accepted: 'bg-emerald-100 text-emerald-900',
  lapsed: 'bg-slate-100 text-slate-700',
  left: 'bg-slate-100 text-slate-700',
  removed: 'bg-slate-100 text-slate-700',
};

/** A person's state on the list in a word or two: "Offered 2", "Booked". */
export function entryStatusText(entry: Pick<WaitingEntry, 'status' | 'offeredQuantity'>): string {
  return entry.status === 'offered' && entry.offeredQuantity !== null
    ? `Offered ${entry.offeredQuantity}`
    : statusLabels[entry.status];
}

/** Who can still be taken off the list: those in the queue, waiting for their mail, or holding an offer. */
export const removable = (entry: Pick<WaitingEntry, 'status'>) =>
  entry.status === 'unconfirmed' || entry.status === 'waiting' || entry.status === 'offered';

interface WaitingEntriesTableProps {
  entries: readonly WaitingEntry[];
  timeZone: string;
  /** Places free now per ticket type: "Offer now" shows where there are some. */
  freeOf(ticketTypeId: string): number;
  onOffer(entry: WaitingEntry): void;
  onRemove(entry: WaitingEntry): void;
}

/** The people on the list in queue order: a table on wide screens, a card each on phones. */
export function WaitingEntriesTable({ entries, timeZone, freeOf, onOffer, onRemove }: WaitingEntriesTableProps) {
  const when = (iso: string) => formatEventStart(iso, timeZone);
  const columns: Column<WaitingEntry>[] = [
    {
      id: 'position',
      header: 'Queue',
      align: 'end',
      cell: (entry) => (entry.position === null ? <span className="text-slate-500">–</span> : `${entry.position}`),
    },
    {
      id: 'person',
      header: 'Person',
      cell: (entry) => (
        <span className="block min-w-0 text-right md:min-w-40 md:text-left">
          <span className="block break-words font-semibold text-slate-900">{entry.name}</span>
          <span className="block break-words text-slate-600 text-sm">{entry.email}</span>
        </span>
      ),
    },
    {
      id: 'tickets',
      header: 'Tickets',
      cell: (entry) => (
        <span className="whitespace-nowrap">
          {entry.quantity} × {entry.ticketTypeName}
        </span>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (entry) => (
        <span className="inline-block md:block">
          <span
            className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 font-semibold text-sm ${statusTones[entry.status]}`}
          >
            {entryStatusText(entry)}
          </span>
          {entry.status === 'offered' && entry.offerExpiresAt ? (
            <span className="block whitespace-nowrap text-slate-600 text-sm">until {when(entry.offerExpiresAt)}</span>
          ) : null}
        </span>
      ),
    },
    { id: 'joined', header: 'Joined', cell: (entry) => <span className="whitespace-nowrap">{when(entry.joinedAt)}</span> },
    {
      id: 'actions',
      header: 'Actions',
      align: 'end',
      cell: (entry) =>
        removable(entry) ? (
          <span className="flex flex-wrap justify-end gap-2">
            {entry.status === 'waiting' && freeOf(entry.ticketTypeId) > 0 ? (
              <button
                type="button"
                className={`${buttonClass('primary', 'small')} whitespace-nowrap`}
                onClick={() => onOffer(entry)}
              >
                Offer now<span className="sr-only"> to {entry.name}</span>
              </button>
            ) : null}
            <button
              type="button"
              className={`${buttonClass('secondary', 'small')} whitespace-nowrap`}
              onClick={() => onRemove(entry)}
            >
              Remove<span className="sr-only"> {entry.name}</span>
            </button>
          </span>
        ) : (
          <span className="text-slate-500">–</span>
        ),
    },
  ];
  return (
    <DataTable
      caption="People on the waiting list"
      captionHidden
      columns={columns}
      rows={entries}
      rowKey={(entry) => entry.id}
      empty="No one is on the waiting list yet. Buyers can join it once a ticket type sells out."
    />
  );
}
