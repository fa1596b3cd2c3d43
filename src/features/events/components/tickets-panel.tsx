import type { ReactNode } from 'react';
import type { Event } from '#contract/events.ts';
import { TicketList } from './ticket-list.tsx';

interface TicketsPanelProps {
  event: Pick<Event, 'ticketTypes' | 'timezone' | 'status' | 'soldOut'>;
  ended: boolean;
  now: number;
  /** The ticket choice and checkout, shown while tickets can be bought; the page composes it from the booking feature. */
  booking?: ReactNode;
}

/** While on sale: the booking. Otherwise the ticket types and their prices, and why nothing can be bought. */
export function TicketsPanel({ event, ended, now, booking }: TicketsPanelProps) {
  // An event whose every ticket type is hidden is still on sale: to buyers with a code that shows them (decision 060).
  // Sold out with a waiting list open, the booking shows its types with the way to join it (decision 063).
  const waiting = event.ticketTypes.some((type) => type.waitingList && !type.hidden);
  const onSale = event.status === 'published' && !ended && (!event.soldOut || waiting);
  const note =
    event.status === 'cancelled'
      ? 'This event is cancelled, so no tickets are on sale.'
      : ended
        ? 'This event has ended, so tickets are no longer on sale.'
        : event.soldOut
          ? 'Every ticket has been sold.'
          : event.status === 'draft'
            ? 'Tickets go on sale when the event is published.'
            : null;
  return (
    <section aria-labelledby="tickets-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="tickets-title" className="font-bold text-slate-900 text-xl">
        Tickets
      </h2>
      {onSale && booking ? (
        <div className="mt-2">{booking}</div>
      ) : (
        <>
          <div className="mt-2">
            <TicketList
              ticketTypes={event.ticketTypes}
              timeZone={event.timezone}
              now={now}
              showAvailability={event.status !== 'cancelled' && !ended}
            />
          </div>
          {note ? <p className="mt-4 rounded-xl bg-indigo-50 p-3 text-indigo-900 text-sm">{note}</p> : null}
        </>
      )}
    </section>
  );
}
