import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass, linkClass } from '#components/button.ts';
import { formatEventStart } from '#components/format/dates.ts';
import { formatPrice } from '#contract/money.ts';
import type { WaitingEntryView } from '#contract/waiting-list.ts';
import { offerText, ticketsText } from '../utils/waiting-text.ts';
import { LeaveDialog } from './leave-dialog.tsx';

interface WaitingEntryPanelProps {
  entry: WaitingEntryView;
  token: string;
  /** Opened from the mail's "leave" link: the question comes first. */
  askToLeave: boolean;
  signedIn: boolean;
  /** Shows what leaving answered. */
  onChange(entry: WaitingEntryView): void;
  /** The booking of an offer's places (the page composes it from the booking feature); `decline` asks to let them go. */
  offerBooking(decline: () => void): ReactNode;
}

/** The title of the page for each state of a place on a list. */
export function entryHeading(entry: Pick<WaitingEntryView, 'status' | 'position'>): string {
  switch (entry.status) {
    case 'unconfirmed':
      return 'Confirm your place';
    case 'waiting':
      return entry.position === null ? 'You’re on the waiting list' : `You’re number ${entry.position} in the queue`;
    case 'offered':
      return 'Tickets are held for you';
    case 'accepted':
      return 'You booked these tickets';
    case 'lapsed':
      return 'This offer has lapsed';
    case 'left':
      return 'You left the waiting list';
    case 'removed':
      return 'You’re no longer on the waiting list';
  }
}

/** The event the list is for: its title (a link to its page), when and where. */
function EventLine({ event }: { event: WaitingEntryView['event'] }) {
  const where = [event.venueName, event.city].filter(Boolean).join(', ');
  return (
    <p className="text-slate-600">
      <Link to={`/event/${event.id}`} className={`${linkClass} font-semibold`}>
        {event.title}
      </Link>
      <span className="block">
        {formatEventStart(event.startsAt, event.timezone)}
        {where ? ` · ${where}` : ''}
      </span>
    </p>
  );
}

const card = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6';

/** What a person on a list sees from their mail's link: where they stand, and what they can do now. */
export function WaitingEntryPanel({ entry, token, askToLeave, signedIn, onChange, offerBooking }: WaitingEntryPanelProps) {
  const [leaving, setLeaving] = useState(false);
  const canLeave = entry.status === 'unconfirmed' || entry.status === 'waiting' || entry.status === 'offered';
  useEffect(() => {
    if (askToLeave && canLeave) setLeaving(true);
  }, [askToLeave, canLeave]);

  const { event, ticketType } = entry;
  const backToEvent = (
    <Link to={`/event/${event.id}`} className={`${buttonClass('secondary')} w-full sm:w-auto`}>
      See the event
    </Link>
  );
  let body: ReactNode;
  switch (entry.status) {
    case 'unconfirmed':
      body = (
        <p className="text-slate-700">
          Open the link we sent to <strong className="break-words">{entry.email}</strong> to take your place in the queue for{' '}
          {ticketsText(entry.quantity)} ({ticketType.name}).
        </p>
      );
      break;
    case 'waiting':
      body = (
        <>
          <p className="text-slate-700">
            You asked for {ticketsText(entry.quantity)} ({ticketType.name}, {formatPrice(ticketType.price, ticketType.currency)}{' '}
            each). When places come back we email <strong className="break-words">{entry.email}</strong> in the order people
            joined, and hold them for you for a while.
          </p>
          <button type="button" className={`${buttonClass('secondary')} w-full sm:w-auto`} onClick={() => setLeaving(true)}>
            Leave the waiting list
          </button>
        </>
      );
      break;
    case 'offered':
      body = (
        <>
          <p className="font-semibold text-lg text-slate-900">
            {offerText(entry.offeredQuantity ?? entry.quantity, ticketType.name, entry.offerExpiresAt ?? '', event.timezone)}
          </p>
          <p className="text-slate-700">
            {formatPrice(ticketType.price, ticketType.currency)} each. Book them before then, or they go to the next person in the
            queue.
          </p>
          {offerBooking(() => setLeaving(true))}
        </>
      );
      break;
    case 'accepted':
      body = (
        <>
          <p className="text-slate-700">
            Your tickets for {ticketType.name} are in the email we sent to <strong className="break-words">{entry.email}</strong>.
          </p>
          {entry.orderId && signedIn ? (
            <Link
              to={`/payment/order-success?${new URLSearchParams({ orderId: entry.orderId }).toString()}`}
              className={`${buttonClass()} w-full sm:w-auto`}
            >
              See your booking
            </Link>
          ) : null}
        </>
      );
      break;
    case 'lapsed':
      body = (
        <>
          <p className="text-slate-700">
            {entry.offerExpiresAt
              ? `This offer lapsed at ${formatEventStart(entry.offerExpiresAt, event.timezone)}; the places passed to the next person.`
              : 'This offer lapsed; the places passed to the next person.'}
          </p>
          {backToEvent}
        </>
      );
      break;
    case 'left':
      body = (
        <>
          <p className="text-slate-700">
            You’re no longer in the queue for {ticketType.name}. Changed your mind? Join again from the event’s page while it’s
            sold out.
          </p>
          {backToEvent}
        </>
      );
      break;
    case 'removed':
      body = (
        <>
          <p className="text-slate-700">The organiser took you off the waiting list for {ticketType.name}.</p>
          {backToEvent}
        </>
      );
      break;
  }

  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <p className="font-semibold text-indigo-700 text-sm uppercase tracking-wide">Waiting list</p>
        <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">{entryHeading(entry)}</h1>
        <EventLine event={event} />
      </header>
      <section aria-label="Your place" className={`${card} space-y-4`}>
        {body}
      </section>
      {canLeave ? (
        <LeaveDialog
          open={leaving}
          token={token}
          offered={entry.status === 'offered'}
          onLeft={onChange}
          onClose={() => setLeaving(false)}
        />
      ) : null}
    </div>
  );
}
