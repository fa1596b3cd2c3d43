import { Link } from 'react-router';
import { formatDateTime } from '#components/format/date-time.ts';
import { TestBadge } from '#components/test-badge.tsx';
import { formatMoney } from '#contract/money.ts';
import type { OrderList } from '#contract/orders.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';

interface OrdersListProps {
  orders: OrderList['items'];
  /** The address that opens an order (the list's filters kept). */
  orderHref(orderId: string): string;
}

/** One row per order (shown in the browser only, so times are in the viewer's zone), a link that opens it; on phones a stacked card, on wide screens a row of columns. */
export function OrdersList({ orders, orderHref }: OrdersListProps) {
  return (
    <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      {orders.map((order) => {
        const tickets = order.items.reduce((sum, item) => sum + item.quantity, 0);
        return (
          <li key={order.id}>
            <Link
              to={orderHref(order.id)}
              preventScrollReset
              className="grid gap-1 px-4 py-3 hover:bg-slate-50 focus-visible:bg-indigo-50 sm:grid-cols-[8rem_1fr_auto] sm:items-center sm:gap-4"
            >
              <span className="flex items-center justify-between gap-2 sm:block">
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="whitespace-nowrap font-mono font-semibold text-slate-900">{order.reference}</span>
                  {order.test ? <TestBadge /> : null}
                </span>
                <span className="sm:hidden">
                  <OrderStatusBadge status={order.status} />
                </span>
              </span>
              <span className="min-w-0">
                <span className="block truncate font-semibold text-slate-900">{order.buyer.name}</span>
                <span className="block truncate text-slate-600 text-sm">
                  {order.event.title} · {tickets} ticket{tickets === 1 ? '' : 's'}
                </span>
                <span className="block text-slate-500 text-xs">
                  <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
                </span>
              </span>
              <span className="flex items-center justify-between gap-3 sm:flex-col sm:items-end">
                <span className="font-bold text-slate-900 tabular-nums">{formatMoney(order.total, order.currency)}</span>
                <span className="hidden sm:inline-flex">
                  <OrderStatusBadge status={order.status} />
                </span>
                {order.refunded > 0 ? (
                  <span className="text-slate-600 text-xs tabular-nums">
                    −{formatMoney(order.refunded, order.currency)} refunded
                  </span>
                ) : null}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
