import { describe, expect, it } from 'vitest';
import { paidOrder } from '../storage/saved-order.test-helper.ts';
import { savedOnDevice, shownOrders } from './shown-orders.ts';

describe('what My tickets shows', () => {
  it('shows the device’s copy until the network answers', () => {
    const order = paidOrder();
    expect(shownOrders(null, { orders: [{ order, savedAt: 1000 }], syncedAt: 900 })).toEqual({
      orders: [order],
      updatedAt: 1000,
    });
  });

  it('knows nothing while neither the device nor the network has answered, or the device never saw a list', () => {
    expect(shownOrders(null, null)).toBeNull();
    expect(shownOrders(null, { orders: [], syncedAt: null })).toBeNull();
    expect(shownOrders(null, { orders: [], syncedAt: 500 })).toEqual({ orders: [], updatedAt: 500 });
  });

  it('lets the network win over older copies, and drops saved orders it no longer lists', () => {
    const order = paidOrder();
    const gone = paidOrder();
    const refunded = { ...order, status: 'refunded' as const };
    const shown = shownOrders(
      { items: [refunded], updatedAt: 2000 },
      {
        orders: [
          { order, savedAt: 1000 },
          { order: gone, savedAt: 1000 },
        ],
        syncedAt: 1000,
      },
    );
    expect(shown).toEqual({ orders: [refunded], updatedAt: 2000 });
  });

  it('adds a booking the device saw after the network’s list was made', () => {
    const listed = paidOrder();
    const booked = paidOrder();
    const shown = shownOrders(
      { items: [listed], updatedAt: 2000 },
      { orders: [{ order: booked, savedAt: 3000 }], syncedAt: 1000 },
    );
    expect(shown?.orders).toEqual([listed, booked]);
  });

  it('tells per order whether it is saved on the device, and nothing before the device was read', () => {
    const order = paidOrder();
    const saved = savedOnDevice({ orders: [{ order, savedAt: 1 }], syncedAt: 1 });
    expect(saved(order.id)).toBe(true);
    expect(saved(paidOrder().id)).toBe(false);
    expect(savedOnDevice(null)(order.id)).toBeUndefined();
  });
});
