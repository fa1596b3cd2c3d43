import { describe, expect, it } from 'vitest';
import type { Order, OrderStatus } from '#contract/orders.ts';
import { bookingSections, lastUpdatedText } from './booking-sections.ts';

const now = Date.parse('2026-06-10T12:00:00Z');

function order(id: string, status: OrderStatus, startsAt: string, createdAt = '2026-06-01T00:00:00Z'): Order {
  const endsAt = new Date(Date.parse(startsAt) + 3 * 3_600_000).toISOString();
  return {
    id,
    reference: id,
    status,
    event: {
      id: `event-${id}`,
      title: id,
      startsAt,
      endsAt,
      timezone: 'Europe/London',
      isOnline: false,
      venueName: null,
      address: null,
      city: null,
      coverImageUrl: null,
      onlineUrl: null,
      refundPolicy: null,
    },
    buyer: { name: 'A', email: 'a@example.com' },
    items: [],
    currency: 'GBP',
    subtotal: 0,
    discount: 0,
    discountCode: null,
    bookingFee: 0,
    total: 0,
    refunded: 0,
    provider: 'sandbox',
    test: true,
    paymentUrl: null,
    awaitingEmailCode: false,
    holdExpiresAt: null,
    failureReason: null,
    createdAt,
    paidAt: null,
    tickets: [],
  };
}

describe('bookingSections', () => {
  it('puts events to come soonest first, and ended ones most recent first', () => {
    const sections = bookingSections(
      [
        order('later', 'paid', '2026-07-01T18:00:00Z'),
        order('sooner', 'paid', '2026-06-11T18:00:00Z'),
        order('last-month', 'paid', '2026-05-01T18:00:00Z'),
        order('last-week', 'partially_refunded', '2026-06-03T18:00:00Z'),
      ],
      now,
    );
    expect(sections.upcoming.map((item) => item.id)).toEqual(['sooner', 'later']);
    expect(sections.past.map((item) => item.id)).toEqual(['last-week', 'last-month']);
  });

  it('keeps an event on today in upcoming until it ends', () => {
    const sections = bookingSections([order('tonight', 'paid', '2026-06-10T10:00:00Z')], now);
    expect(sections.upcoming.map((item) => item.id)).toEqual(['tonight']);
  });

  it('shows a payment under way with the upcoming events, and orders without tickets apart', () => {
    const sections = bookingSections(
      [
        order('paying', 'pending', '2026-07-01T18:00:00Z'),
        order('declined', 'failed', '2026-07-01T18:00:00Z', '2026-06-02T00:00:00Z'),
        order('lapsed', 'expired', '2026-07-01T18:00:00Z', '2026-06-03T00:00:00Z'),
        order('refunded', 'refunded', '2026-07-01T18:00:00Z', '2026-06-01T00:00:00Z'),
        order('too-late', 'pending', '2026-05-01T18:00:00Z', '2026-04-01T00:00:00Z'),
      ],
      now,
    );
    expect(sections.upcoming.map((item) => item.id)).toEqual(['paying']);
    expect(sections.inactive.map((item) => item.id)).toEqual(['lapsed', 'declined', 'refunded', 'too-late']);
  });
});

describe('lastUpdatedText', () => {
  it('says how long ago, then the date', () => {
    expect(lastUpdatedText(now - 20_000, now)).toBe('just now');
    expect(lastUpdatedText(now - 60_000, now)).toBe('1 minute ago');
    expect(lastUpdatedText(now - 5 * 60_000, now)).toBe('5 minutes ago');
    expect(lastUpdatedText(now - 3 * 3_600_000, now)).toBe('3 hours ago');
    expect(lastUpdatedText(now - 2 * 86_400_000, now, 'UTC')).toBe('8 Jun, 12:00');
  });
});
