import { describe, expect, it } from 'vitest';
import type { TicketType } from '#contract/events.ts';
import { ticketAvailability } from './ticket-list.tsx';

const now = Date.parse('2030-06-01T12:00:00Z');
const ticket = (overrides: Partial<TicketType>): TicketType => ({
  id: '5f0c4a52-3f7e-4a4e-9a43-1a2b3c4d5e6f',
  name: 'General',
  description: '',
  price: 1500,
  currency: 'GBP',
  capacity: 100,
  available: 50,
  taken: null,
  minPerOrder: 1,
  maxPerOrder: 10,
  salesStart: null,
  salesEnd: null,
  hidden: false,
  onSale: true,
  waitingList: false,
  ...overrides,
});

describe('ticket availability', () => {
  it('says sold out when none are left', () => {
    expect(ticketAvailability(ticket({ available: 0 }), 'Europe/London', now).text()).toBe('Sold out');
  });

  it('warns when fewer than ten are left', () => {
    expect(ticketAvailability(ticket({ available: 9 }), 'Europe/London', now).text()).toBe('Only 9 left');
    expect(ticketAvailability(ticket({ available: 10 }), 'Europe/London', now).text()).toBe('Available');
  });

  it('gives the sales window', () => {
    expect(ticketAvailability(ticket({ salesEnd: '2030-06-03T12:00:00Z' }), 'Europe/London', now).text()).toBe(
      'Sales end in 2 days',
    );
    expect(ticketAvailability(ticket({ salesStart: '2030-12-03T10:00:00Z' }), 'Europe/London', now).text()).toBe(
      'On sale from 3 Dec',
    );
    expect(ticketAvailability(ticket({ salesEnd: '2030-05-01T10:00:00Z' }), 'Europe/London', now).text()).toBe(
      'Sales have ended',
    );
  });
});
