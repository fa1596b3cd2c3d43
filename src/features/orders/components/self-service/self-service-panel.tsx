import { lazy, Suspense, useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { formatDateTime } from '#components/format/date-time.ts';
import type { RefundRequestView } from '#contract/cancellations.ts';
import { formatMoney } from '#contract/money.ts';
import type { Order } from '#contract/orders.ts';
import { onEventClock, zoneTimeName } from '#contract/refund-policy-text.ts';
import { useHydrated } from '#lib/use-hydrated.ts';
import { useOnline } from '../../hooks/use-online.ts';

// The forms load only for a buyer who opens one.
const CancelTicketsForm = lazy(async () => ({ default: (await import('./cancel-tickets-form.tsx')).CancelTicketsForm }));
const RefundAskForm = lazy(async () => ({ default: (await import('./refund-ask-form.tsx')).RefundAskForm }));

interface SelfServicePanelProps {
  order: Order;
  /** The guest's key, when the buyer is not signed in. */
  token?: string | null;
  /** h4 inside a booking card, h2 on a page of its own order. */
  heading?: 'h2' | 'h4';
}

function RequestState({ request, order }: { request: RefundRequestView; order: Order }) {
  const when = (at: string) => formatDateTime(at, { timeZone: order.event.timezone });
  switch (request.status) {
    case 'open':
      return (
        <p className="rounded-lg bg-amber-50 p-3 text-amber-950 text-sm ring-1 ring-amber-200">
          You asked the organiser for a refund on {when(request.createdAt)}. They answer by email.
        </p>
      );
    case 'declined':
      return (
        <p className="rounded-lg bg-white p-3 text-slate-800 text-sm ring-1 ring-slate-200">
          The organiser declined your refund request
          {request.decidedAt ? ` on ${when(request.decidedAt)}` : ''}: “{request.decisionNote}”
        </p>
      );
    case 'refunded':
      return (
        <p className="rounded-lg bg-emerald-50 p-3 text-emerald-950 text-sm ring-1 ring-emerald-200">
          The organiser granted your refund request
          {request.refundedAmount ? `: ${formatMoney(request.refundedAmount, order.currency)} is on its way back` : ''}.
        </p>
      );
    case 'closed':
      return null;
  }
}

/**
 * What the buyer may do with a booking they cannot use (decision 068): cancel within the refund policy, with what comes
 * back shown before confirming, or ask the organiser for a refund; and how their last request was answered.
 */
export function SelfServicePanel({ order, token = null, heading: Heading = 'h4' }: SelfServicePanelProps) {
  const hydrated = useHydrated();
  const online = useOnline();
  const [open, setOpen] = useState<'cancel' | 'ask' | null>(null);
  const service = order.selfService;
  if (!service) return null;
  // The server judged it when it answered; a copy kept on the device may be older than the deadline.
  const cancelOpen =
    service.cancellable.length > 0 &&
    (service.cancelUntil === null || !hydrated || new Date(service.cancelUntil).getTime() > Date.now());
  const nothing = !cancelOpen && !service.canAsk && !service.note && (!service.request || service.request.status === 'closed');
  if (nothing) return null;
  const count = service.cancellable.length;
  return (
    <section aria-labelledby={`self-service-${order.id}`} className="space-y-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <Heading id={`self-service-${order.id}`} className="font-semibold text-slate-900">
        Can’t go?
      </Heading>
      {service.request ? <RequestState request={service.request} order={order} /> : null}
      {cancelOpen && service.cancelUntil ? (
        <p className="text-slate-700 text-sm">
          You can cancel {count === 1 ? 'this ticket' : 'these tickets'} yourself until{' '}
          {onEventClock(new Date(service.cancelUntil), order.event.timezone)} ({zoneTimeName(order.event.timezone)}).
        </p>
      ) : null}
      {service.note ? <p className="text-slate-700 text-sm">{service.note}</p> : null}
      {open === 'cancel' ? (
        <Suspense fallback={<p className="text-slate-600">Loading…</p>}>
          <CancelTicketsForm order={order} token={token} onDone={() => setOpen(null)} />
        </Suspense>
      ) : open === 'ask' ? (
        <Suspense fallback={<p className="text-slate-600">Loading…</p>}>
          <RefundAskForm order={order} token={token} onDone={() => setOpen(null)} />
        </Suspense>
      ) : hydrated && (cancelOpen || service.canAsk) ? (
        <div className="flex flex-col gap-2 sm:flex-row">
          {cancelOpen ? (
            <button
              type="button"
              className={`${buttonClass('secondary', 'small')} w-full sm:w-auto`}
              disabled={!online}
              onClick={() => setOpen('cancel')}
            >
              Cancel tickets
            </button>
          ) : null}
          {service.canAsk ? (
            <button
              type="button"
              className={`${buttonClass('secondary', 'small')} w-full sm:w-auto`}
              disabled={!online}
              onClick={() => setOpen('ask')}
            >
              Ask for a refund
            </button>
          ) : null}
        </div>
      ) : null}
      {hydrated && !online && (cancelOpen || service.canAsk) ? (
        <p className="text-slate-600 text-sm">Connect to the internet to cancel or ask for a refund.</p>
      ) : null}
    </section>
  );
}
