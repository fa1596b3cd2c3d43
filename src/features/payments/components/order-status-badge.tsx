import type { OrderStatus } from '../../../contract/orders.ts';
import { statusLabels, statusTones } from '../../orders/utils/order-state.ts';

export const statusLabel = (status: OrderStatus) => statusLabels[status];

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`inline-flex shrink-0 rounded-full px-2.5 py-0.5 font-semibold text-xs ${statusTones[status]}`}>
      {statusLabels[status]}
    </span>
  );
}
