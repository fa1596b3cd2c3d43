import { clear, createStore, get, type UseStore, update } from 'idb-keyval';
import { type Order, orderSchema } from '#contract/orders.ts';

/**
 * The tickets kept on this device, so My tickets opens at the door without a connection. One IndexedDB
 * database of its own (not the query cache): it outlives deploys and holds, per signed-in account (authId),
 * each order as the API answered it, QR codes included.
 */
export const ticketDbName = 'admit-tickets';
export const ticketStoreName = 'orders';

/** One order as this device keeps it. */
export interface SavedOrder {
  order: Order;
  /** When the copy was current (ms): the time of the answer it came from. The newer copy of an order wins. */
  savedAt: number;
}

/** What one account has on this device. */
export interface SavedOrders {
  orders: SavedOrder[];
  /** When the account's whole list last came from the network (ms); null when only single orders were seen. */
  syncedAt: number | null;
}

const nothingSaved: SavedOrders = { orders: [], syncedAt: null };

/**
 * A stored record as the current app reads it. Records written by an older release that no longer match the
 * order's shape are dropped rather than shown half-broken; the next answer from the network replaces them.
 */
function readable(value: unknown): SavedOrders {
  if (!value || typeof value !== 'object') return nothingSaved;
  const record = value as { orders?: unknown; syncedAt?: unknown };
  const orders: SavedOrder[] = [];
  for (const entry of Array.isArray(record.orders) ? record.orders : []) {
    const savedAt = (entry as { savedAt?: unknown } | null)?.savedAt;
    const order = orderSchema.safeParse((entry as { order?: unknown } | null)?.order);
    if (order.success && typeof savedAt === 'number') orders.push({ order: order.data, savedAt });
  }
  return { orders, syncedAt: typeof record.syncedAt === 'number' ? record.syncedAt : null };
}

/** The orders with the newer copies of `seen` in place of older ones. */
function withNewer(saved: SavedOrder[], seen: readonly Order[], seenAt: number): Map<string, SavedOrder> {
  const byId = new Map(saved.map((entry) => [entry.order.id, entry]));
  for (const order of seen) {
    const kept = byId.get(order.id);
    if (!kept || kept.savedAt <= seenAt) byId.set(order.id, { order, savedAt: seenAt });
  }
  return byId;
}

export interface TicketStore {
  /** The account's saved orders (none when nothing was saved or IndexedDB holds nothing readable). */
  read(authId: string): Promise<SavedOrders>;
  /** Orders seen one by one (the order's own page): added, or replacing an older copy. Resolves with the result. */
  keep(authId: string, orders: readonly Order[], seenAt: number): Promise<SavedOrders>;
  /**
   * The account's whole list as the network answered at `asOf`: its orders replace older copies, and saved
   * orders it no longer holds are removed, unless they were saved after that answer (a booking made since).
   */
  sync(authId: string, orders: readonly Order[], asOf: number): Promise<SavedOrders>;
  /** Removes every account's orders from the device (sign-out, or the session ended). */
  forgetAll(): Promise<void>;
}

export function createTicketStore(dbName = ticketDbName): TicketStore {
  let db: UseStore | null = null;
  // Opened on first use: importing this module never touches IndexedDB (it also loads on the server).
  const store = () => {
    db ??= createStore(dbName, ticketStoreName);
    return db;
  };
  async function change(authId: string, next: (saved: SavedOrders) => SavedOrders): Promise<SavedOrders> {
    let result = nothingSaved;
    // One transaction: a booking saved from another tab in between is not lost.
    await update(
      authId,
      (old: unknown) => {
        result = next(readable(old));
        return result;
      },
      store(),
    );
    return result;
  }
  return {
    read: async (authId) => readable(await get(authId, store())),
    keep: (authId, orders, seenAt) =>
      change(authId, (saved) => ({ ...saved, orders: [...withNewer(saved.orders, orders, seenAt).values()] })),
    sync: (authId, orders, asOf) =>
      change(authId, (saved) => {
        const listed = new Set(orders.map((order) => order.id));
        const kept = [...withNewer(saved.orders, orders, asOf).values()].filter(
          (entry) => listed.has(entry.order.id) || entry.savedAt > asOf,
        );
        return { orders: kept, syncedAt: Math.max(saved.syncedAt ?? asOf, asOf) };
      }),
    forgetAll: () => clear(store()),
  };
}

let shared: TicketStore | null = null;
/** This device's ticket store. */
export function ticketStore(): TicketStore {
  shared ??= createTicketStore();
  return shared;
}

/** Clears the device's tickets; registered by the app to run when a session ends. */
export function forgetSavedTickets(): Promise<void> {
  return ticketStore().forgetAll();
}
