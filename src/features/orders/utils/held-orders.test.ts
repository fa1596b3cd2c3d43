import { describe, expect, it } from 'vitest';
import { forgetHeldOrder, type HeldOrder, heldOrderFor, rememberHeldOrder } from './held-orders.ts';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const now = Date.parse('2026-06-01T12:00:00Z');
const held = (overrides: Partial<HeldOrder> = {}): HeldOrder => ({
  orderId: 'order-1',
  token: 'token-1',
  eventId: 'event-1',
  tickets: 2,
  paymentUrl: '/pay/sandbox/abc',
  holdExpiresAt: '2026-06-01T12:15:00Z',
  ...overrides,
});

describe('held orders on this device', () => {
  it('keeps one pending order per event, the latest', () => {
    const store = new MemoryStorage();
    rememberHeldOrder(held(), now, store);
    rememberHeldOrder(held({ orderId: 'order-2' }), now, store);
    rememberHeldOrder(held({ orderId: 'order-3', eventId: 'event-2' }), now, store);
    expect(heldOrderFor('event-1', now, store)?.orderId).toBe('order-2');
    expect(heldOrderFor('event-2', now, store)?.orderId).toBe('order-3');
  });

  it('forgets an order once paid or given up', () => {
    const store = new MemoryStorage();
    rememberHeldOrder(held(), now, store);
    forgetHeldOrder('order-1', now, store);
    expect(heldOrderFor('event-1', now, store)).toBeNull();
    expect(store.length).toBe(0);
  });

  it('still mentions a lapsed hold for an hour, then forgets it', () => {
    const store = new MemoryStorage();
    rememberHeldOrder(held(), now, store);
    expect(heldOrderFor('event-1', now + 30 * 60_000, store)?.orderId).toBe('order-1');
    expect(heldOrderFor('event-1', now + 76 * 60_000, store)).toBeNull();
  });

  it('ignores what it cannot read', () => {
    const store = new MemoryStorage();
    store.setItem('admit-held-orders', '{not json');
    expect(heldOrderFor('event-1', now, store)).toBeNull();
    store.setItem('admit-held-orders', JSON.stringify([{ orderId: 1 }]));
    expect(heldOrderFor('event-1', now, store)).toBeNull();
  });
});
