import type { Order } from '#contract/orders.ts';
import type { SavedOrders } from '../storage/ticket-store.ts';

/** The network's answer to `GET /orders/mine` and when it arrived (ms). */
export interface ListedOrders {
  items: readonly Order[];
  updatedAt: number;
}

export interface ShownOrders {
  orders: Order[];
  /** When what is shown was last current: the network's answer, else the device's newest copy. */
  updatedAt: number;
}

/**
 * What My tickets shows: the network's list when there is one, with bookings the device saw after it (a copy
 * newer than the list wins); without it, the device's copy. Null when neither knows anything yet.
 */
export function shownOrders(listed: ListedOrders | null, saved: SavedOrders | null): ShownOrders | null {
  if (listed) {
    const byId = new Map(listed.items.map((order) => [order.id, order]));
    for (const entry of saved?.orders ?? []) if (entry.savedAt > listed.updatedAt) byId.set(entry.order.id, entry.order);
    return { orders: [...byId.values()], updatedAt: listed.updatedAt };
  }
  if (!saved || (saved.syncedAt === null && saved.orders.length === 0)) return null;
  const newest = Math.max(saved.syncedAt ?? 0, ...saved.orders.map((entry) => entry.savedAt));
  return { orders: saved.orders.map((entry) => entry.order), updatedAt: newest };
}

/** Whether an order's tickets can be shown without a connection; undefined while the device is not read yet. */
export function savedOnDevice(saved: SavedOrders | null): (orderId: string) => boolean | undefined {
  if (!saved) return () => undefined;
  const ids = new Set(saved.orders.map((entry) => entry.order.id));
  return (orderId) => ids.has(orderId);
}
