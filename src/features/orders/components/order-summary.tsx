import { statusLabelOf, statusTones } from '#components/order-status.ts';
import { RefundPolicyNote } from '#components/refund-policy-note.tsx';
import { TestBadge } from '#components/test-badge.tsx';
import { formatPrice } from '#contract/money.ts';
import type { Order } from '#contract/orders.ts';
import { OrderAmounts } from './order-amounts.tsx';

/** What was bought and paid: reference, lines, booking fee, total, and any refund. */
export function OrderSummary({ order }: { order: Order }) {
  return (
    <section aria-labelledby={`summary-${order.id}`} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id={`summary-${order.id}`} className="font-bold text-lg text-slate-900">
            Order summary
          </h2>
          <p className="text-slate-600 text-sm">
            Reference <span className="font-mono font-semibold text-slate-900">{order.reference}</span>
          </p>
        </div>
        <span className="flex shrink-0 items-center gap-2">
          {order.test ? <TestBadge /> : null}
          <span className={`rounded-full px-3 py-1 font-semibold text-sm ${statusTones[order.status]}`}>
            {statusLabelOf(order)}
          </span>
        </span>
      </div>
      <ul className="mt-4 mb-3 space-y-1 text-slate-700">
        {order.items.map((item) => (
          <li key={item.ticketTypeId} className="flex justify-between gap-4">
            <span>
              {item.quantity} × {item.name}
            </span>
            <span className="tabular-nums">{formatPrice(item.unitPrice * item.quantity, order.currency)}</span>
          </li>
        ))}
      </ul>
      <OrderAmounts
        currency={order.currency}
        subtotal={order.subtotal}
        bookingFee={order.bookingFee}
        total={order.total}
        totalLabel={order.paidAt ? 'Paid' : 'Total'}
        discount={order.discount}
        discountCode={order.discountCode}
        discountNote="Already taken off the ticket prices above."
      />
      {order.refunded > 0 ? (
        <p className="mt-2 flex justify-between gap-4 font-semibold text-slate-900">
          <span>Refunded</span>
          <span className="tabular-nums">{formatPrice(order.refunded, order.currency)}</span>
        </p>
      ) : null}
      {order.test ? (
        <p className="mt-4 font-semibold text-amber-900 text-sm">
          A TEST order, paid in the payment sandbox: no money was taken.
        </p>
      ) : null}
      <p className="mt-4 text-slate-600 text-sm">
        Booked by {order.buyer.name} ({order.buyer.email})
      </p>
      <div className="mt-4">
        <RefundPolicyNote
          policy={order.event.refundPolicy}
          startsAt={order.event.startsAt}
          timeZone={order.event.timezone}
          headingLevel={3}
        />
      </div>
    </section>
  );
}
