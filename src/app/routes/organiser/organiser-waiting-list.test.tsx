import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Event } from '#contract/events.ts';
import type { WaitingList } from '#contract/waiting-list.ts';
import { apiAnswering, organizationId, renderOrganiserPage } from '../member-page.test-helper.ts';

const eventId = '22222222-2222-4222-8222-222222222222';
const standard = '33333333-3333-4333-8333-333333333333';
const vip = '44444444-4444-4444-8444-444444444444';

const ticketType = (id: string, name: string, hidden: boolean) => ({
  id,
  name,
  description: '',
  price: 3000,
  currency: 'GBP',
  capacity: 100,
  available: 100,
  minPerOrder: 1,
  maxPerOrder: 10,
  salesStart: null,
  salesEnd: null,
  hidden,
  onSale: true,
});

const event = {
  id: eventId,
  title: 'Spring Social',
  timezone: 'Europe/London',
  currency: 'GBP',
  organizer: { id: organizationId, name: 'Northern Lights', city: null },
  ticketTypes: [ticketType(standard, 'Standard', false), ticketType(vip, 'Backstage', false)],
} as unknown as Event;

const entry = (id: string, overrides: Partial<WaitingList['entries'][number]>): WaitingList['entries'][number] => ({
  id,
  position: null,
  status: 'waiting',
  email: 'guest@example.test',
  name: 'Guest',
  ticketTypeId: standard,
  ticketTypeName: 'Standard',
  quantity: 1,
  offeredQuantity: null,
  offeredAt: null,
  offerExpiresAt: null,
  orderId: null,
  joinedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const list: WaitingList = {
  settings: { enabled: true, automatic: false, offerHours: 24 },
  types: [
    { ticketTypeId: standard, name: 'Standard', waiting: 1, waitingTickets: 2, offered: 1, offeredTickets: 2, free: 1 },
    { ticketTypeId: vip, name: 'Backstage', waiting: 1, waitingTickets: 1, offered: 0, offeredTickets: 0, free: 0 },
  ],
  entries: [
    entry('55555555-5555-4555-8555-555555555551', {
      status: 'offered',
      name: 'Olu Offered',
      email: 'olu@example.test',
      quantity: 2,
      offeredQuantity: 2,
      offeredAt: '2026-12-02T14:00:00.000Z',
      offerExpiresAt: '2026-12-03T14:00:00.000Z',
    }),
    entry('55555555-5555-4555-8555-555555555552', { position: 1, name: 'Wren Waiting', email: 'wren@example.test', quantity: 2 }),
    entry('55555555-5555-4555-8555-555555555553', {
      position: 1,
      name: 'Bo Backstage',
      ticketTypeId: vip,
      ticketTypeName: 'Backstage',
    }),
  ],
};

/** The API as the page meets it: the event, and its waiting list. */
const apiInject = apiAnswering({ [`/api/events/${eventId}`]: event, [`/api/events/${eventId}/waiting-list`]: list });

const renderPage = (path: string) => renderOrganiserPage(path, apiInject);

// Dates print without their year in the year they fall in: the page is read on a day of that year.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-30T10:00:00Z'));
});
afterAll(() => vi.useRealTimers());

describe('the waiting list page of an event', () => {
  it('answers Page Not Found (404) for an address whose event id is not an id', async () => {
    for (const path of ['/organizer/events/not-a-uuid/waiting-list', '/organizer/events/new/waiting-list']) {
      expect((await renderPage(path)).status, path).toBe(404);
    }
  });

  it('shows the settings, each type’s counts and the people in queue order in the server’s HTML', async () => {
    const { status, html } = await renderPage(`/organizer/events/${eventId}/waiting-list`);
    expect(status).toBe(200);
    const text = html.replace(/<!-- -->/g, '');
    expect(text).toContain('Waiting list');
    expect(text).toContain('value="24"');
    expect(text).toContain('1 person · 2 tickets');
    expect(text).toContain('1 offer · 2 places');
    expect(text).toContain('Olu Offered');
    expect(text).toContain('Offered 2');
    expect(text).toContain('Thu 3 Dec, 14:00');
    expect(text).toContain('Wren Waiting');
    expect(text).toContain('2 × Standard');
  });

  it('offers places by hand only to people waiting for a type with places free', async () => {
    const { html } = await renderPage(`/organizer/events/${eventId}/waiting-list`);
    const text = html.replace(/<!-- -->/g, '');
    expect(text).toContain('Offer now<span class="sr-only"> to Wren Waiting</span>');
    expect(text).not.toContain('to Bo Backstage');
    expect(text).not.toContain('to Olu Offered');
    expect(text).toContain('Remove<span class="sr-only"> Bo Backstage</span>');
  });
});
