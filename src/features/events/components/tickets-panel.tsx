import type { Event } from '../../../contract/events.ts';
import { TicketList } from './ticket-list.tsx';

interface TicketsPanelProps {
  event: Pick<Event, 'ticketTypes' | 'timezone' | 'status' | 'soldOut'>;
  ended: boolean;
  now: number;
}

/** The ticket types and their prices. Booking is not open yet, and the panel says so rather than offer a dead button. */
export function TicketsPanel({ event, ended, now }: TicketsPanelProps) {
  const note =
    event.status === 'cancelled'
      ? 'This event is cancelled, so no tickets are on sale.'
      : ended
        ? 'This event has ended, so tickets are no longer on sale.'
        : event.soldOut
          ? 'Every ticket has been sold.'
          : 'Booking opens soon. You will be able to book these tickets on Admit shortly.';
  return (
    <section aria-labelledby="tickets-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="tickets-title" className="font-bold text-slate-900 text-xl">
        Tickets
      </h2>
      <div className="mt-2">
        <TicketList
          ticketTypes={event.ticketTypes}
          timeZone={event.timezone}
          now={now}
          showAvailability={event.status !== 'cancelled' && !ended}
        />
      </div>
      <p className="mt-4 rounded-xl bg-indigo-50 p-3 text-indigo-900 text-sm">{note}</p>
    </section>
  );
}
