import { describe, expect, it } from 'vitest';
import { joinedText, offerText, ticketsText, waitingQuantityRange } from './waiting-text.ts';

const joined = { email: 'ana@example.test', ticketTypeName: 'Standard', quantity: 2 };

describe('what joining a waiting list says', () => {
  it('gives the place in the queue to a buyer whose email is proven', () => {
    expect(joinedText({ ...joined, status: 'waiting', position: 3 })).toBe(
      'You’re number 3 in the queue for Standard. We’ll email you at ana@example.test when places come back.',
    );
  });

  it('sends a guest to the mail that proves their email first', () => {
    expect(joinedText({ ...joined, status: 'unconfirmed', position: null })).toBe(
      'Check your email: open the link we sent to ana@example.test to confirm your place.',
    );
  });
});

describe('an offer in words', () => {
  it('says until when the places are held, in the event’s zone', () => {
    const now = new Date('2026-11-30T10:00:00Z');
    expect(offerText(2, 'Standard', '2026-12-03T14:00:00Z', 'Europe/London', now)).toBe(
      '2 × Standard are held for you until Thu 3 Dec, 14:00.',
    );
    // 14:00 in London is 15:00 in Paris.
    expect(offerText(1, 'VIP', '2026-12-03T14:00:00Z', 'Europe/Paris', now)).toBe(
      '1 × VIP is held for you until Thu 3 Dec, 15:00.',
    );
  });

  it('counts tickets', () => {
    expect(ticketsText(1)).toBe('1 ticket');
    expect(ticketsText(4)).toBe('4 tickets');
  });
});

describe('how many tickets a buyer may wait for', () => {
  it('is at most the list’s limit and the type’s own per-order limit', () => {
    expect(waitingQuantityRange({ minPerOrder: 1, maxPerOrder: 20 }, 10)).toEqual({ min: 1, max: 10 });
    expect(waitingQuantityRange({ minPerOrder: 1, maxPerOrder: 4 }, 10)).toEqual({ min: 1, max: 4 });
  });

  it('starts at the type’s minimum, never above the most', () => {
    expect(waitingQuantityRange({ minPerOrder: 2, maxPerOrder: 6 }, 10)).toEqual({ min: 2, max: 6 });
    expect(waitingQuantityRange({ minPerOrder: 12, maxPerOrder: 20 }, 10)).toEqual({ min: 10, max: 10 });
  });
});
