import { StatBox } from '#components/stat-box.tsx';
import { TestBadge } from '#components/test-badge.tsx';
import { formatMoney } from '#contract/money.ts';
import type { OrderList } from '#contract/orders.ts';

/** How many paid TEST orders the figures leave out, so nobody wonders where they went. */
function TestOrdersLeftOut({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <p className="flex items-center gap-2 rounded-2xl bg-amber-50 px-4 py-3 text-amber-950 text-sm ring-1 ring-amber-200">
      <TestBadge />
      <span>
        <span className="font-semibold">
          {count} test order{count === 1 ? '' : 's'}, not counted.
        </span>{' '}
        Paid in the payment sandbox: no money moved.
      </span>
    </p>
  );
}

/**
 * Money per currency for the filter on screen: what buyers paid, the platform's fees, refunds and what is left.
 * Real money only: TEST orders are counted apart.
 */
export function PaymentTotals({ totals, testOrders }: Pick<OrderList, 'totals' | 'testOrders'>) {
  if (totals.length === 0) {
    return (
      <div className="space-y-3">
        <p className="rounded-2xl bg-white p-5 text-slate-600 shadow-sm ring-1 ring-slate-200">
          No money has moved for these orders yet.
        </p>
        <TestOrdersLeftOut count={testOrders} />
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <TestOrdersLeftOut count={testOrders} />
      {totals.map((total) => {
        const money = (minor: number) => formatMoney(minor, total.currency);
        const figures = [
          { label: 'Gross', value: money(total.gross), hint: 'What buyers paid' },
          { label: 'Booking fees', value: money(total.bookingFees), hint: 'Kept by Admit' },
          { label: 'Refunds', value: money(total.refunds), hint: 'Paid back' },
          { label: 'Net', value: money(total.net), hint: 'Yours', strong: true },
        ];
        return (
          <section
            key={total.currency}
            aria-label={`Totals in ${total.currency}`}
            className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
          >
            <p className="text-slate-600 text-sm">
              {total.currency} · {total.orders} order{total.orders === 1 ? '' : 's'} · {total.tickets} ticket
              {total.tickets === 1 ? '' : 's'}
            </p>
            <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
              {figures.map((figure) => (
                <StatBox key={figure.label} {...figure} />
              ))}
            </dl>
          </section>
        );
      })}
    </div>
  );
}
