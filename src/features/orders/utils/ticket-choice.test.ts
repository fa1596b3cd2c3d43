import { describe, expect, it } from 'vitest';
import type { TicketType } from '#contract/events.ts';
import { chosenLines, clampQuantity, quantityBounds, stepDown, stepUp, ticketCount } from './ticket-choice.ts';

const now = Date.parse('2026-06-01T12:00:00Z');

function ticketType(overrides: Partial<TicketType> = {}): TicketType {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Standard',
    description: '',
    price: 1500,
    currency: 'GBP',
    capacity: 100,
    available: 100,
    taken: null,
    minPerOrder: 1,
    maxPerOrder: 10,
    salesStart: null,
    salesEnd: null,
    hidden: false,
    onSale: true,
    waitingList: false,
    ...overrides,
  };
}

describe('quantityBounds', () => {
  it('allows from the minimum to the maximum per order', () => {
    expect(quantityBounds(ticketType({ minPerOrder: 2, maxPerOrder: 6 }), now)).toEqual({ purchasable: true, min: 2, max: 6 });
  });

  it('caps the maximum at what is left', () => {
    expect(quantityBounds(ticketType({ available: 3 }), now)).toEqual({ purchasable: true, min: 1, max: 3 });
  });

  it('closes a type that is sold out, hidden, or has fewer left than its minimum', () => {
    expect(quantityBounds(ticketType({ available: 0 }), now).purchasable).toBe(false);
    expect(quantityBounds(ticketType({ hidden: true }), now).purchasable).toBe(false);
    expect(quantityBounds(ticketType({ available: 1, minPerOrder: 2 }), now).purchasable).toBe(false);
  });

  it('closes a type outside its sales window', () => {
    expect(quantityBounds(ticketType({ salesStart: '2026-06-02T00:00:00Z' }), now).purchasable).toBe(false);
    expect(quantityBounds(ticketType({ salesEnd: '2026-06-01T12:00:00Z' }), now).purchasable).toBe(false);
    expect(
      quantityBounds(ticketType({ salesStart: '2026-05-01T00:00:00Z', salesEnd: '2026-06-01T12:00:01Z' }), now).purchasable,
    ).toBe(true);
  });
});

describe('stepping a quantity', () => {
  const bounds = { purchasable: true, min: 2, max: 4 };

  it('goes from none straight to the minimum, then one at a time up to the maximum', () => {
    expect(stepUp(0, bounds)).toBe(2);
    expect(stepUp(2, bounds)).toBe(3);
    expect(stepUp(4, bounds)).toBe(4);
  });

  it('goes down one at a time, and from the minimum to none', () => {
    expect(stepDown(4, bounds)).toBe(3);
    expect(stepDown(2, bounds)).toBe(0);
    expect(stepDown(0, bounds)).toBe(0);
  });

  it('never steps up a closed type', () => {
    expect(stepUp(0, { purchasable: false, min: 0, max: 0 })).toBe(0);
  });

  it('brings a choice back within bounds when availability shrinks', () => {
    expect(clampQuantity(6, bounds)).toBe(4);
    expect(clampQuantity(1, bounds)).toBe(2);
    expect(clampQuantity(3, { purchasable: false, min: 0, max: 0 })).toBe(0);
  });
});

describe('chosenLines', () => {
  it('lists chosen types in the event’s order with their prices and counts the tickets', () => {
    const a = ticketType({ id: 'a', name: 'Early', price: 1000 });
    const b = ticketType({ id: 'b', name: 'Standard', price: 1500 });
    const c = ticketType({ id: 'c', name: 'VIP', price: 5000 });
    const lines = chosenLines([a, b, c], { c: 1, a: 2, b: 0 });
    expect(lines).toEqual([
      { ticketTypeId: 'a', name: 'Early', unitPrice: 1000, quantity: 2 },
      { ticketTypeId: 'c', name: 'VIP', unitPrice: 5000, quantity: 1 },
    ]);
    expect(ticketCount(lines)).toBe(3);
  });
});
