import { Link } from 'react-router';
import { statusLabels, statusTones } from '#components/order-status.ts';
import { TestBadge } from '#components/test-badge.tsx';
import { formatMoney } from '#contract/money.ts';
import type { Order } from '#contract/orders.ts';

/** Orders without tickets (unfinished, cancelled, refunded), folded: they matter for the record, not at the door. */
export function InactiveOrders({ orders }: { orders: Order[] }) {
  if (orders.length === 0) return null;
  return (
    <details className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-slate-800">
        Unfinished, cancelled and refunded orders ({orders.length})
      </summary>
      <ul className="mt-2 divide-y divide-slate-200">
        {orders.map((order) => (
          <li key={order.id} className="flex items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <Link to={`/event/${order.event.id}`} className="font-semibold text-slate-900 hover:underline">
                {order.event.title}
              </Link>
              <p className="text-slate-600 text-sm">
                <span className="font-mono">{order.reference}</span> · {formatMoney(order.total, order.currency)}
              </p>
            </div>
            <span className="flex shrink-0 items-center gap-2">
              {order.test ? <TestBadge /> : null}
              <span className={`rounded-full px-3 py-1 font-semibold text-xs ${statusTones[order.status]}`}>
                {statusLabels[order.status]}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
