import { lazy, Suspense, useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { formatDateTime } from '#components/format/date-time.ts';
import type { Order } from '#contract/orders.ts';
import { onEventClock, zoneTimeName } from '#contract/refund-policy-text.ts';
import type { TicketTransfer } from '#contract/ticket-transfers.ts';
import { describeHolderChange } from '#contract/ticket-transfers-text.ts';
import { useHydrated } from '#lib/use-hydrated.ts';
import { useOnline } from '../../hooks/use-online.ts';

// The form loads only for a buyer who opens one.
const HolderForm = lazy(async () => ({ default: (await import('./holder-form.tsx')).HolderForm }));

interface TransferPanelProps {
  order: Order;
  /** The guest's key, when the buyer is not signed in. */
  token?: string | null;
  /** h4 inside a booking card, h2 on a page of its own order. */
  heading?: 'h2' | 'h4';
}

function HistoryLine({ entry, order }: { entry: TicketTransfer; order: Order }) {
  const position = order.tickets.findIndex((ticket) => ticket.id === entry.ticketId) + 1;
  const when = formatDateTime(entry.at, { timeZone: order.event.timezone });
  return (
    <li>
      Ticket {position}: {describeHolderChange(entry)}, {when}
    </li>
  );
}

/**
 * Who holds each ticket, and passing one on or correcting its name where the organiser allows (decision 069): until the
 * organiser's cutoff, one ticket at a time, with what happens to its code said before it is sent.
 */
export function TransferPanel({ order, token = null, heading: Heading = 'h4' }: TransferPanelProps) {
  const hydrated = useHydrated();
  const online = useOnline();
  const [open, setOpen] = useState<{ ticketId: string; kind: 'transfer' | 'rename' } | null>(null);
  const changes = order.ticketChanges;
  if (!changes) return null;
  // The server judged it when it answered; a copy kept on the device may be older than the cutoff.
  const stillOpen = changes.until !== null && (!hydrated || new Date(changes.until).getTime() > Date.now());
  const changeable = stillOpen ? order.tickets.filter((ticket) => changes.ticketIds.includes(ticket.id)) : [];
  // Quiet where nothing can change and nothing has: most events' bookings.
  if (changeable.length === 0 && changes.history.length === 0) return null;
  const timezone = order.event.timezone;
  return (
    <section aria-labelledby={`transfers-${order.id}`} className="space-y-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <Heading id={`transfers-${order.id}`} className="font-semibold text-slate-900">
        Passing a ticket on?
      </Heading>
      {changeable.length > 0 && changes.until ? (
        <p className="text-slate-700 text-sm">
          Give a ticket to someone else, or correct a name, until {onEventClock(new Date(changes.until), timezone)} (
          {zoneTimeName(timezone)}).
        </p>
      ) : null}
      {changes.note ? <p className="text-slate-700 text-sm">{changes.note}</p> : null}
      {hydrated && changeable.length > 0 ? (
        <ul className="space-y-2">
          {changeable.map((ticket) => {
            const label = `Ticket ${order.tickets.indexOf(ticket) + 1}`;
            const opened = open?.ticketId === ticket.id ? open.kind : null;
            return (
              <li key={ticket.id} className="space-y-2">
                <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                  <p className="text-slate-900">
                    <span className="font-semibold">{label}:</span> {ticket.typeName} — {ticket.holderName}
                  </p>
                  {opened ? null : (
                    <div className="flex gap-2">
                      <button
                        type="button"
                        className={`${buttonClass('secondary', 'small')} flex-1 sm:flex-none`}
                        disabled={!online}
                        aria-label={`Pass on ${label.toLowerCase()}`}
                        onClick={() => setOpen({ ticketId: ticket.id, kind: 'transfer' })}
                      >
                        Pass on
                      </button>
                      <button
                        type="button"
                        className={`${buttonClass('secondary', 'small')} flex-1 sm:flex-none`}
                        disabled={!online}
                        aria-label={`Correct name on ${label.toLowerCase()}`}
                        onClick={() => setOpen({ ticketId: ticket.id, kind: 'rename' })}
                      >
                        Correct name
                      </button>
                    </div>
                  )}
                </div>
                {opened ? (
                  <Suspense fallback={<p className="text-slate-600">Loading…</p>}>
                    <HolderForm
                      orderId={order.id}
                      token={token}
                      ticket={ticket}
                      label={label}
                      kind={opened}
                      onDone={() => setOpen(null)}
                    />
                  </Suspense>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {hydrated && !online && changeable.length > 0 ? (
        <p className="text-slate-600 text-sm">Connect to the internet to pass a ticket on.</p>
      ) : null}
      {changes.history.length > 0 ? (
        <div className="text-slate-700 text-sm">
          <p className="font-semibold text-slate-900">Changes so far</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {changes.history.map((entry) => (
              <HistoryLine key={`${entry.ticketId}-${entry.at}`} entry={entry} order={order} />
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
