/** A pending order this device placed: enough to go back to paying for it, or to give it up. */
export interface HeldOrder {
  orderId: string;
  /** The guest token from the order's creation: reads the order without an account. */
  token: string | null;
  eventId: string;
  tickets: number;
  paymentUrl: string | null;
  holdExpiresAt: string;
}

const storageKey = 'admit-held-orders';
/** A lapsed hold is still mentioned ("went back on sale") for a while, then forgotten. */
const keepAfterLapseMs = 60 * 60 * 1000;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function isHeldOrder(value: unknown): value is HeldOrder {
  const order = value as Partial<HeldOrder> | null;
  return typeof order?.orderId === 'string' && typeof order.eventId === 'string' && typeof order.holdExpiresAt === 'string';
}

function readAll(store: Storage | null, now: number): HeldOrder[] {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(storageKey) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter(isHeldOrder).filter((order) => new Date(order.holdExpiresAt).getTime() + keepAfterLapseMs > now)
      : [];
  } catch {
    return [];
  }
}

function writeAll(store: Storage | null, orders: HeldOrder[]): void {
  try {
    if (orders.length === 0) store?.removeItem(storageKey);
    else store?.setItem(storageKey, JSON.stringify(orders));
  } catch {
    // Storage full or refused (private windows): the hold still shows on the payment page.
  }
}

/** Remembers a pending order on this device, one per event (a new order replaces the last). */
export function rememberHeldOrder(order: HeldOrder, now = Date.now(), store = storage()): void {
  writeAll(store, [...readAll(store, now).filter((held) => held.eventId !== order.eventId), order]);
}

/** This device's pending order for the event, while it is held or lapsed within the hour. */
export function heldOrderFor(eventId: string, now = Date.now(), store = storage()): HeldOrder | null {
  return readAll(store, now).find((held) => held.eventId === eventId) ?? null;
}

/** Forgets an order once it is paid, given up or replaced. */
export function forgetHeldOrder(orderId: string, now = Date.now(), store = storage()): void {
  writeAll(
    store,
    readAll(store, now).filter((held) => held.orderId !== orderId),
  );
}
