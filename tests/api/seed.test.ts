import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../server/cli/seed.ts';
import { seedStart } from '../../server/cli/seed-events.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

describe('demo data', () => {
  it('fills a marketplace: accounts for every role and a dozen published events with covers, some today and this weekend', async () => {
    const accounts = await seedDemoData(api.database.db, api.config.dataDir);
    expect(accounts.map((account) => account.role)).toEqual(
      expect.arrayContaining(['admin', 'attendee', 'organiser (owner)', 'door staff']),
    );
    const listing = (await api.app.inject({ method: 'GET', url: '/api/events?pageSize=50' })).json().data;
    expect(listing.total).toBeGreaterThanOrEqual(12);
    expect(new Set(listing.items.map((event: { category: string }) => event.category)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(listing.items.map((event: { city: string | null }) => event.city)).size).toBeGreaterThanOrEqual(3);
    expect(listing.items.every((event: { coverImageUrl: string | null }) => event.coverImageUrl !== null)).toBe(true);
    // Tonight's event starts today, or, seeded in the day's last quarter hour, in the first minutes of tomorrow.
    const endOfToday = new Date();
    endOfToday.setUTCHours(23, 59, 59, 999);
    const tonight = seedStart(0, 20);
    const latest = tonight > endOfToday ? tonight : endOfToday;
    expect(listing.items.some((event: { startsAt: string }) => new Date(event.startsAt) <= latest)).toBe(true);

    const signIn = await api.app.inject({
      method: 'POST',
      url: '/api/auth/signIn',
      payload: { email: 'maya@northernlights.demo', password: accounts[0]?.password },
    });
    expect(signIn.json().data.user).toMatchObject({ organizationRole: 'owner', platforms: ['attendee', 'organiser'] });

    // Seeding again changes nothing.
    await seedDemoData(api.database.db, api.config.dataDir);
    expect((await api.app.inject({ method: 'GET', url: '/api/events?pageSize=50' })).json().data.total).toBe(listing.total);
  });

  it('keeps seeded dates in the future, moving a passed hour today to later that day while it can', () => {
    const now = new Date('2026-11-21T22:30:00Z');
    expect(seedStart(0, 20, now).toISOString()).toBe('2026-11-21T22:45:00.000Z');
    expect(seedStart(0, 20, new Date('2026-11-21T22:07:00Z')).toISOString()).toBe('2026-11-21T22:30:00.000Z');
    expect(seedStart(0, 20, new Date('2026-11-21T23:50:00Z')).toISOString()).toBe('2026-11-22T00:15:00.000Z');
    expect(seedStart(0, 20, new Date('2026-11-21T12:00:00Z')).toISOString()).toBe('2026-11-21T20:00:00.000Z');
    expect(seedStart(3, 19, now).toISOString()).toBe('2026-11-24T19:00:00.000Z');
    expect(seedStart('sunday', 10, now).toISOString()).toBe('2026-11-22T10:00:00.000Z');
  });
});
