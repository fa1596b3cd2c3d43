import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { DiscountCode } from '#contract/discount-codes.ts';
import type { Event } from '#contract/events.ts';
import { type RenderOptions, render } from '../../../entry-server.tsx';

const config = {
  apiBase: '/api',
  appUrl: null,
  awsRegion: null,
  identityPoolId: null,
  bucket: null,
  s3Endpoint: null,
  cognitoEndpoint: null,
  storageDriver: 'local' as const,
  devMailbox: false,
  mapsApiKey: null,
  allowedExternalOrigins: [],
};

const organizationId = '11111111-1111-4111-8111-111111111111';
const eventId = '22222222-2222-4222-8222-222222222222';
const standard = '33333333-3333-4333-8333-333333333333';
const vip = '44444444-4444-4444-8444-444444444444';

/** A signed-in member of the organisation, with an access token for a week. */
function memberCookies() {
  const payload = Buffer.from(JSON.stringify({ sub: 'user-1', org: organizationId })).toString('base64url');
  return {
    accessToken: `e30.${payload}.signature`,
    tokenExpiry: String(Math.floor(Date.now() / 1000) + 7 * 24 * 3600),
    u: 'user-1',
    email: 'owner@example.test',
  };
}

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
const apiInject: RenderOptions['apiInject'] = async ({ url }) => {
  const path = url.split('?')[0];
  if (path === `/api/events/${eventId}`)
    return { statusCode: 200, body: JSON.stringify({ httpStatus: 'OK', message: 'Event.', data: event }) };
  if (path === `/api/events/${eventId}/discount-codes`) {
    return { statusCode: 200, body: JSON.stringify({ httpStatus: 'OK', message: 'Codes.', data: { items: [code], total: 1 } }) };
  }
  return { statusCode: 404, body: JSON.stringify({ httpStatus: 'NOT_FOUND', message: 'Not found.' }) };
};

async function renderPage(path: string) {
  const result = await render({
    request: new Request(`http://admit.test${path}`),
    nonce: 'n',
    state: { config, origin: 'http://admit.test' },
    assets: { entry: '/assets/entry.js', css: [], cssText: () => undefined, chunksFor: () => [], pageFiles: () => ({}) },
    cookies: memberCookies(),
    apiInject,
    onError: () => {},
  });
  let html = '';
  if (result.kind === 'html') {
    await new Promise<void>((resolve) =>
      result.pipe(
        new Writable({
          write(chunk, _encoding, callback) {
            html += chunk.toString();
            callback();
          },
          final(callback) {
            resolve();
            callback();
          },
        }),
      ),
    );
  }
  return { status: result.status, html };
}

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
