import { type Column, DataTable } from '#components/data-table/data-table.tsx';
import type { WaitingList } from '#contract/waiting-list.ts';

type TypeCount = WaitingList['types'][number];

const people = (count: number) => `${count} ${count === 1 ? 'person' : 'people'}`;
const offers = (count: number) => `${count} ${count === 1 ? 'offer' : 'offers'}`;
const places = (count: number) => `${count} ${count === 1 ? 'place' : 'places'}`;

/** Each ticket type's queue, its outstanding offers and the places free now, in words. */
export function typeCountTexts(type: TypeCount) {
  return {
    waiting: type.waiting === 0 ? 'No one' : `${people(type.waiting)} · ${type.waitingTickets} tickets`,
    offered: type.offered === 0 ? 'None' : `${offers(type.offered)} · ${places(type.offeredTickets)}`,
    free: type.free === 0 ? 'None' : places(type.free),
  };
}

/** Per ticket type: who waits for how many, what offers hold, and what is free to offer. */
export function WaitingTypeCounts({ types }: { types: readonly TypeCount[] }) {
  const columns: Column<TypeCount>[] = [
    {
      id: 'type',
      header: 'Ticket type',
      cell: (type) => <span className="break-words font-semibold text-slate-900">{type.name}</span>,
    },
    { id: 'waiting', header: 'Waiting', cell: (type) => typeCountTexts(type).waiting },
    { id: 'offered', header: 'Offers out', cell: (type) => typeCountTexts(type).offered },
    {
      id: 'free',
      header: 'Free now',
      cell: (type) =>
        type.free > 0 ? (
          <span className="font-semibold text-emerald-800">{typeCountTexts(type).free}</span>
        ) : (
          typeCountTexts(type).free
        ),
    },
  ];
  return (
    <DataTable
      caption="Ticket types"
      captionHidden
      columns={columns}
      rows={types}
      rowKey={(type) => type.ticketTypeId}
      empty="The event has no ticket types."
    />
  );
}
