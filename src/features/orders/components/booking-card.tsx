import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatEventRange } from '#components/format/dates.ts';
import { statusLabelOf, statusTones } from '#components/order-status.ts';
import { RefundPolicyNote } from '#components/refund-policy-note.tsx';
import { TestBadge } from '#components/test-badge.tsx';
import { formatMoney } from '#contract/money.ts';
import type { Order } from '#contract/orders.ts';
import { paymentDestination } from '../utils/payment-destination.ts';
import { OrderAnswersPanel } from './answers/order-answers-panel.tsx';
import { OnlineEventLink } from './online-event-link.tsx';
import { OrderTickets } from './order-tickets.tsx';
import { SelfServicePanel } from './self-service/self-service-panel.tsx';
import { TicketsPdfButton } from './tickets-pdf-button.tsx';
import { TransferPanel } from './transfers/transfer-panel.tsx';

interface BookingCardProps {
  order: Order;
  /** The control that adds the event to a calendar, shown while tickets are valid and the event is ahead. */
  calendarButton?: ReactNode;
  /** Ended events: tickets fold away, no calendar or online link. */
  past?: boolean;
  /** Whether its tickets are kept on this device for use offline; undefined: not known (yet), nothing said. */
  saved?: boolean | undefined;
}

/** Says whether the tickets open without a connection. */
function DeviceCopy({ saved }: { saved: boolean }) {
  return saved ? (
    <p className="flex items-center gap-1.5 font-medium text-emerald-800 text-sm">
      <span aria-hidden="true">✓</span> Saved on this device
    </p>
  ) : (
    <p className="flex items-center gap-1.5 font-medium text-amber-900 text-sm">
      <span aria-hidden="true">!</span> Not saved on this device yet
    </p>
  );
}

/** One order: its event, then its tickets as QR codes (folded for past events). */
export function BookingCard({ order, calendarButton, past = false, saved }: BookingCardProps) {
  const { event } = order;
  const where = event.isOnline ? 'Online' : [event.venueName, event.city].filter(Boolean).join(', ');
  const count = order.tickets.filter((ticket) => ticket.status === 'valid').length;
  const paying = order.status === 'pending' && order.paymentUrl ? paymentDestination(order.paymentUrl) : null;
  return (
    <article
      aria-labelledby={`booking-${order.id}`}
      className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <header className="space-y-1">
        <div className="flex items-start justify-between gap-3">
          <h3 id={`booking-${order.id}`} className="font-bold text-lg text-slate-900 leading-snug">
            <Link to={`/event/${event.id}`} className="hover:underline">
              {event.title}
            </Link>
          </h3>
          <span className="flex shrink-0 items-center gap-2">
            {order.test ? <TestBadge /> : null}
            <span className={`rounded-full px-3 py-1 font-semibold text-xs ${statusTones[order.status]}`}>
              {statusLabelOf(order)}
            </span>
          </span>
        </div>
        <p className="font-medium text-slate-800">
          <time dateTime={event.startsAt}>{formatEventRange(event.startsAt, event.endsAt, event.timezone)}</time>
        </p>
        {where ? <p className="text-slate-600">{where}</p> : null}
        <p className="text-slate-600 text-sm">
          Order <span className="font-mono font-semibold text-slate-800">{order.reference}</span> ·{' '}
          {formatMoney(order.total, order.currency)}
        </p>
        {saved !== undefined && order.tickets.length > 0 ? <DeviceCopy saved={saved} /> : null}
      </header>

      {paying?.kind === 'route' ? (
        <p className="rounded-xl bg-amber-50 p-3 text-amber-950 text-sm ring-1 ring-amber-200">
          This order is waiting for payment.{' '}
          <Link to={paying.to} className="font-semibold underline">
            Continue to payment
          </Link>
        </p>
      ) : null}

      {!past && count > 0 ? (
        <div className="flex flex-wrap gap-2">
          {calendarButton}
          <TicketsPdfButton orderId={order.id} reference={order.reference} />
        </div>
      ) : null}
      {!past && count > 0 ? <OnlineEventLink event={event} /> : null}
      <OrderAnswersPanel order={order} />
      {!past && count > 0 ? (
        <RefundPolicyNote policy={event.refundPolicy} startsAt={event.startsAt} timeZone={event.timezone} headingLevel={4} />
      ) : null}
      <TransferPanel order={order} />
      <SelfServicePanel order={order} />

      {order.tickets.length > 0 ? (
        past ? (
          <details>
            <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-indigo-700">
              Show {order.tickets.length === 1 ? 'the ticket' : `${order.tickets.length} tickets`}
            </summary>
            <div className="pt-3">
              <OrderTickets order={order} />
            </div>
          </details>
        ) : (
          <OrderTickets order={order} />
        )
      ) : null}
    </article>
  );
}
