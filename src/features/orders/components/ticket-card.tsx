import { formatEventStart } from '#components/format/dates.ts';
import { TestNotice } from '#components/test-badge.tsx';
import type { Order, Ticket } from '#contract/orders.ts';
import { formatShortTicketCode } from '#contract/short-ticket-code.ts';
import { TicketQr } from './ticket-qr.tsx';

interface TicketCardProps {
  ticket: Ticket;
  order: Pick<Order, 'reference' | 'event' | 'test'>;
  /** "Ticket 1 of 2". */
  position: string;
}

/** The ticket's short code under its QR code, grouped as the door reads it out (decision 052). */
function ShortCode({ code }: { code: string }) {
  return (
    <p className="text-center text-slate-950">
      <span className="text-slate-600 text-xs uppercase tracking-wide">Code </span>
      <span className="whitespace-nowrap font-bold font-mono text-2xl tracking-wider slashed-zero">
        {formatShortTicketCode(code)}
      </span>
      <span className="block text-slate-600 text-sm">The door can type it if the QR will not scan.</span>
    </p>
  );
}

/** One ticket as the door wants it: a big QR on white, then who, what and where, in high contrast. */
export function TicketCard({ ticket, order, position }: TicketCardProps) {
  const { event } = order;
  const valid = ticket.status === 'valid' && ticket.code;
  return (
    <article
      aria-label={`${order.test ? 'TEST ' : ''}${position}: ${ticket.typeName}, ${ticket.holderName}`}
      className={`overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ${valid ? 'ring-slate-300' : 'ring-slate-200'}`}
    >
      <div className="bg-slate-950 px-4 py-3 text-white">
        <p className="font-semibold text-slate-300 text-xs uppercase tracking-wider">{position}</p>
        <p className="font-bold text-lg leading-snug">{event.title}</p>
      </div>
      {order.test ? (
        <TestNotice title="TEST — not valid for entry">Paid in the payment sandbox: no money was taken.</TestNotice>
      ) : null}
      <div className="space-y-4 p-4">
        {valid && ticket.code ? (
          <div className="space-y-2">
            <TicketQr
              code={ticket.code}
              label={`QR code of ${position.toLowerCase()}, ${ticket.typeName}, ${ticket.holderName}`}
            />
            {ticket.shortCode ? <ShortCode code={ticket.shortCode} /> : null}
          </div>
        ) : (
          <p className="rounded-xl bg-slate-100 p-6 text-center font-semibold text-slate-700">
            {ticket.refundedAt
              ? 'This ticket was cancelled and refunded: it no longer admits anyone.'
              : 'This ticket was voided and no longer admits anyone.'}
          </p>
        )}
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-slate-950">
          <div className="col-span-2">
            <dt className="text-slate-600 text-xs uppercase tracking-wide">Name</dt>
            <dd className="font-bold text-xl">{ticket.holderName}</dd>
          </div>
          <div>
            <dt className="text-slate-600 text-xs uppercase tracking-wide">Ticket</dt>
            <dd className="font-semibold">{ticket.typeName}</dd>
          </div>
          <div>
            <dt className="text-slate-600 text-xs uppercase tracking-wide">Order</dt>
            <dd className="font-mono font-semibold">{order.reference}</dd>
          </div>
          <div className="col-span-2">
            <dt className="text-slate-600 text-xs uppercase tracking-wide">When</dt>
            <dd className="font-semibold">
              <time dateTime={event.startsAt}>{formatEventStart(event.startsAt, event.timezone)}</time>
            </dd>
          </div>
          <div className="col-span-2">
            <dt className="text-slate-600 text-xs uppercase tracking-wide">Where</dt>
            <dd className="font-semibold">
              {event.isOnline ? 'Online' : [event.venueName, event.city].filter(Boolean).join(', ') || '—'}
            </dd>
          </div>
        </dl>
        {ticket.checkedInAt ? (
          <p className="rounded-lg bg-emerald-50 px-3 py-2 font-semibold text-emerald-900 text-sm">Checked in</p>
        ) : null}
      </div>
    </article>
  );
}
