import { describe, expect, it } from 'vitest';
import type { DiscountCode } from '#contract/discount-codes.ts';
import type { Event } from '#contract/events.ts';
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
  ticketTypes: [ticketType(standard, 'Standard', false), ticketType(vip, 'Backstage', true)],
} as unknown as Event;

const code: DiscountCode = {
  id: '55555555-5555-4555-8555-555555555555',
  eventId,
  code: 'SPRING10',
  kind: 'percent',
  value: 10,
  perOrder: false,
  ticketTypeIds: [standard],
  unlocksTicketTypeIds: [vip],
  maxUses: 100,
  maxUsesPerBuyer: null,
  minQuantity: null,
  startsAt: null,
  endsAt: null,
  note: 'For the newsletter',
  uses: 7,
  paidOrders: 5,
  revenue: 13_500,
  discounted: 1_500,
  archived: false,
  createdAt: '2026-03-01T10:00:00.000Z',
};

/** The API as the page meets it: the event, and one page of its codes. */
const apiInject = apiAnswering({
  [`/api/events/${eventId}`]: event,
  [`/api/events/${eventId}/discount-codes`]: { items: [code], total: 1 },
});

const renderPage = (path: string) => renderOrganiserPage(path, apiInject);

describe('the discount codes page', () => {
  it('answers Page Not Found (404) for an address whose event id is not an id', async () => {
    for (const path of ['/organizer/events/not-a-uuid/codes', '/organizer/events/new/codes', '/organizer/events/%20/codes']) {
      expect((await renderPage(path)).status, path).toBe(404);
    }
  });

  it('lists the event’s codes in the server’s HTML, each with what it does in words and its figures', async () => {
    const { status, html } = await renderPage(`/organizer/events/${eventId}/codes`);
    expect(status).toBe(200);
    expect(html).toContain('Discount codes');
    expect(html).toContain('SPRING10');
    expect(html).toContain('10% off Standard tickets and shows Backstage tickets');
    expect(html).toContain('7 of 100');
    expect(html).toContain('£135.00');
    expect(html).toContain('£15.00');
    expect(html).toContain('For the newsletter');
  });
});
