import { statusLabels, statusTones } from '#components/order-status.ts';
import type { OrderStatus } from '#contract/orders.ts';

export const statusLabel = (status: OrderStatus) => statusLabels[status];

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`inline-flex shrink-0 rounded-full px-2.5 py-0.5 font-semibold text-xs ${statusTones[status]}`}>
      {statusLabels[status]}
    </span>
  );
}
