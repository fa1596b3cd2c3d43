import type { Order, OrderStatus } from '../contract/orders.ts';

// How an order's status shows, to its buyer and to the organiser alike: its words and its colours.

export const statusLabels: Record<OrderStatus, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  failed: 'Payment failed',
  expired: 'Expired',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
  cancelled: 'Cancelled',
};

/** The label of an order's status as its buyer sees it: free tickets held for the emailed code are not awaiting payment. */
export const statusLabelOf = (order: Pick<Order, 'status' | 'awaitingEmailCode'>) =>
  order.awaitingEmailCode ? 'Awaiting email code' : statusLabels[order.status];

export const statusTones: Record<OrderStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  paid: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-900',
  expired: 'bg-slate-200 text-slate-800',
  refunded: 'bg-slate-200 text-slate-800',
  partially_refunded: 'bg-sky-100 text-sky-900',
  cancelled: 'bg-slate-200 text-slate-800',
};
