import { useEffect, useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { Dialog } from '#components/dialog.tsx';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { formatDateTime } from '#components/format/date-time.ts';
import { OrderAnswers } from '#components/order-answers.tsx';
import { Spinner } from '#components/submit-button.tsx';
import { TestBadge, TestNotice } from '#components/test-badge.tsx';
import { formatMoney } from '#contract/money.ts';
import type { OrganizerOrder } from '#contract/orders.ts';
import { describeHolderChange } from '#contract/ticket-transfers-text.ts';
import { useOrganizerOrder } from '../api/get-organizer-order.ts';
import { refundableTickets } from '../utils/refund-amount.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { RefundDialog } from './refund-dialog.tsx';

interface OrderDrawerProps {
  organizationId: string;
  /** The open order, from the address; null when closed. */
  orderId: string | null;
  canRefund: boolean;
  onClose(): void;
}

const kindLabel = (kind: string) => {
  const words = kind.replace(/[._-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function OrderDetails({ order }: { order: OrganizerOrder }) {
  const money = (minor: number) => formatMoney(minor, order.currency);
  return (
    <div className="space-y-6">
      {order.test ? (
        <TestNotice title="TEST order" className="rounded-xl">
          Paid in the payment sandbox: no money moved, it is left out of your totals, and its tickets are not valid for entry
          unless the event is in test mode.
        </TestNotice>
      ) : null}
      <section aria-labelledby="drawer-buyer" className="space-y-1">
        <h3 id="drawer-buyer" className="font-semibold text-slate-500 text-xs uppercase tracking-wide">
          Buyer
        </h3>
        <p className="font-semibold text-slate-900">{order.buyer.name}</p>
        <p>
          <a href={`mailto:${order.buyer.email}`} className="break-all text-indigo-700 underline">
            {order.buyer.email}
          </a>
        </p>
        <p className="text-slate-600 text-sm">
          Placed {formatDateTime(order.createdAt)}
          {order.paidAt ? ` · paid ${formatDateTime(order.paidAt)}` : ''} · {order.provider}
        </p>
      </section>

      <section aria-labelledby="drawer-items" className="space-y-2">
        <h3 id="drawer-items" className="font-semibold text-slate-500 text-xs uppercase tracking-wide">
          {order.event.title}
        </h3>
        <ul className="space-y-1 text-slate-800">
          {order.items.map((item) => (
            <li key={item.ticketTypeId} className="flex justify-between gap-4">
              <span>
                {item.quantity} × {item.name}
              </span>
              <span className="tabular-nums">{money(item.unitPrice * item.quantity)}</span>
            </li>
          ))}
        </ul>
        <dl className="space-y-1 border-slate-200 border-t pt-2 text-slate-700">
          {order.discountCode ? (
            <div className="flex justify-between">
              <dt>Code {order.discountCode}</dt>
              <dd className="tabular-nums">
                {order.discount > 0 ? `−${money(order.discount)} (in the prices above)` : 'no discount'}
              </dd>
            </div>
          ) : null}
          <div className="flex justify-between">
            <dt>Booking fee</dt>
            <dd className="tabular-nums">{money(order.bookingFee)}</dd>
          </div>
          <div className="flex justify-between font-bold text-slate-900">
            <dt>Total</dt>
            <dd className="tabular-nums">{money(order.total)}</dd>
          </div>
          {order.refunded > 0 ? (
            <div className="flex justify-between font-semibold text-red-800">
              <dt>Refunded</dt>
              <dd className="tabular-nums">−{money(order.refunded)}</dd>
            </div>
          ) : null}
        </dl>
      </section>

      <section aria-labelledby="drawer-tickets" className="space-y-2">
        <h3 id="drawer-tickets" className="font-semibold text-slate-500 text-xs uppercase tracking-wide">
          Tickets ({order.tickets.length})
        </h3>
        {order.tickets.length === 0 ? (
          <p className="text-slate-600 text-sm">No tickets were issued for this order.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
            {order.tickets.map((ticket) => (
              <li key={ticket.id} className="flex items-center justify-between gap-3 px-3 py-2">
                <span className="min-w-0">
                  <span className="block truncate font-medium text-slate-900">{ticket.holderName}</span>
                  {ticket.holderEmail ? (
                    <span className="block break-all text-slate-700 text-sm">{ticket.holderEmail}</span>
                  ) : null}
                  <span className="block text-slate-600 text-sm">{ticket.typeName}</span>
                  {(order.ticketChanges?.history ?? [])
                    .filter((entry) => entry.ticketId === ticket.id)
                    .map((entry) => (
                      <span key={entry.at} className="block text-slate-600 text-sm">
                        {describeHolderChange(entry)}, {formatDateTime(entry.at, { timeZone: order.event.timezone })}
                      </span>
                    ))}
                </span>
                <span className="shrink-0 text-right text-sm">
                  {ticket.status === 'voided' ? (
                    <span className="font-semibold text-slate-500">
                      {ticket.refundedAt ? 'Refunded' : 'Voided, not refunded'}
                    </span>
                  ) : ticket.checkedInAt ? (
                    <span className="font-semibold text-emerald-800">Checked in</span>
                  ) : (
                    <span className="text-slate-700">Valid</span>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      {order.answers && order.answers.length > 0 ? (
        <section aria-labelledby="drawer-answers" className="space-y-2">
          <h3 id="drawer-answers" className="font-semibold text-slate-500 text-xs uppercase tracking-wide">
            Answers
          </h3>
          <OrderAnswers answers={order.answers} tickets={order.tickets} />
        </section>
      ) : null}

      <section aria-labelledby="drawer-history" className="space-y-2">
        <h3 id="drawer-history" className="font-semibold text-slate-500 text-xs uppercase tracking-wide">
          History
        </h3>
        <ol className="space-y-3 border-slate-200 border-l-2 pl-4">
          {order.history.map((entry) => (
            <li key={`${entry.at}-${entry.kind}-${entry.amount ?? ''}-${entry.note}`} className="text-sm">
              <p className="flex justify-between gap-3">
                <span className="font-semibold text-slate-900">{kindLabel(entry.kind)}</span>
                {entry.amount !== null ? <span className="tabular-nums">{money(entry.amount)}</span> : null}
              </p>
              {entry.note ? <p className="text-slate-700">{entry.note}</p> : null}
              <p className="text-slate-500 text-xs">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/** One order beside the list (a sheet from the bottom on phones): tickets, money history, and the refund. */
export function OrderDrawer({ organizationId, orderId, canRefund, onClose }: OrderDrawerProps) {
  const order = useOrganizerOrder(organizationId, orderId);
  const [refunding, setRefunding] = useState(false);
  const [refunded, setRefunded] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a refund message goes when another order opens or the drawer closes
  useEffect(() => setRefunded(null), [orderId]);

  const data = order.data;
  const refundable = data && canRefund && (data.status === 'paid' || data.status === 'partially_refunded');
  const hasTickets = data ? refundableTickets(data).length > 0 : false;

  return (
    <Dialog
      open={Boolean(orderId)}
      labelledBy="drawer-title"
      onClose={onClose}
      className="mx-0 mt-auto mb-0 max-h-[92dvh] w-full max-w-full rounded-t-2xl bg-white p-0 shadow-2xl backdrop:bg-slate-900/50 sm:my-0 sm:mr-0 sm:ml-auto sm:h-dvh sm:max-h-dvh sm:w-[30rem] sm:rounded-none sm:rounded-l-2xl"
    >
      <div className="sticky top-0 z-10 flex items-center justify-between gap-3 border-slate-200 border-b bg-white px-5 py-3">
        <div className="min-w-0">
          <h2 id="drawer-title" className="font-bold text-lg text-slate-900">
            Order <span className="font-mono">{data?.reference ?? ''}</span>
          </h2>
          {data ? (
            <span className="flex items-center gap-2">
              <OrderStatusBadge status={data.status} />
              {data.test ? <TestBadge /> : null}
            </span>
          ) : null}
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close order"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-2xl text-slate-700 hover:bg-slate-100"
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="space-y-4 px-5 py-4">
        {refunded ? <FormAlert tone="success">{refunded}</FormAlert> : null}
        {data ? (
          <>
            {refundable && hasTickets ? (
              <button type="button" onClick={() => setRefunding(true)} className={`${buttonClass('danger')} w-full`}>
                Refund…
              </button>
            ) : null}
            <OrderDetails order={data} />
            <RefundDialog
              organizationId={organizationId}
              order={data}
              open={refunding}
              onClose={() => setRefunding(false)}
              onRefunded={(amount) => {
                setRefunding(false);
                setRefunded(`Refunded ${formatMoney(amount, data.currency)}. The buyer is told by email.`);
              }}
            />
          </>
        ) : order.isError ? (
          <FormAlert>This order could not be loaded. Close it and try again.</FormAlert>
        ) : orderId ? (
          <p role="status" className="flex items-center gap-2 text-slate-600">
            <Spinner /> Loading the order…
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
