import type { APIRequestContext } from '@playwright/test';
import type { Event } from '../../src/contract/events.ts';
import { expect } from './fixtures.ts';

export interface TicketTypeSpec {
  name: string;
  price: number;
  capacity: number;
  hidden?: boolean;
}

/** A published event a week ahead unless `overrides` say otherwise, made through the organiser API (the editor has its own tests). */
export async function publishedEvent(
  request: APIRequestContext,
  token: string,
  title: string,
  types: TicketTypeSpec[],
  overrides: Record<string, unknown> = {},
): Promise<Event> {
  const headers = { Authorization: `Bearer ${token}` };
  const organizationId = organizationOf(token);
  const startsAt = new Date(Date.now() + 7 * 86_400_000);
  const created = await request.post('/api/events', {
    headers,
    data: {
      organizationId,
      title,
      summary: 'Made by the end-to-end tests.',
      category: 'music',
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3 * 3_600_000).toISOString(),
      timezone: 'Europe/London',
      isOnline: false,
      venue: { name: 'Test Hall', address: '1 Test Street', city: 'Bristol', country: 'United Kingdom' },
      ticketTypes: types.map((type) => ({ ...type, currency: 'GBP' })),
      ...overrides,
    },
  });
  expect(created.status()).toBe(201);
  const event = (await created.json()).data as Event;
  const published = await request.post(`/api/events/${event.id}/publish`, { headers });
  expect(published.status()).toBe(200);
  return (await published.json()).data as Event;
}

/** The organiser's organisation, from the access token's `org` claim. */
export function organizationOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { org?: string };
  if (!payload.org) throw new Error('The organiser has no organisation');
  return payload.org;
}
