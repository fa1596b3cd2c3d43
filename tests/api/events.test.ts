import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../fixtures/accounts.ts';
import { eventBody, inDays, publishedEvent, verifiedOrganizer } from '../fixtures/events.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string> = {}, payload?: object) =>
  api.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

describe('creating events', () => {
  it('saves a draft with its ticket types that only the organisation can see', async () => {
    const organiser = await verifiedOrganizer(api.app, api.database.db);
    const created = await inject('POST', '/events', organiser.bearer, eventBody(organiser.organizationId));
    expect(created.statusCode).toBe(201);
    const event = created.json().data;
    expect(event).toMatchObject({
      status: 'draft',
      title: 'Late Night Jazz at the Docks',
      priceFrom: 1500,
      currency: 'GBP',
      ticketsSold: 0,
    });
    expect(event.ticketTypes.map((type: { name: string; available: number }) => [type.name, type.available])).toEqual([
      ['Standard', 100],
      ['VIP', 10],
    ]);
    expect((await inject('GET', `/events/${event.id}`)).statusCode).toBe(404);
    expect((await inject('GET', `/events/${event.id}`, organiser.bearer)).statusCode).toBe(200);
  });

  it('lists every invalid field of a bad event and saves nothing', async () => {
    const organiser = await verifiedOrganizer(api.app, api.database.db);
    const response = await inject('POST', '/events', organiser.bearer, {
      ...eventBody(organiser.organizationId),
      title: 'x',
      category: 'knitting',
      timezone: 'Mars/Olympus',
      ticketTypes: [{ name: '', price: 12.5, currency: 'pounds', capacity: 0 }],
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json().errors.map((error: { path: string }) => error.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'body.title',
        'body.category',
        'body.timezone',
        'body.ticketTypes.0.name',
        'body.ticketTypes.0.price',
        'body.ticketTypes.0.currency',
        'body.ticketTypes.0.capacity',
      ]),
    );
    const count = await api.database.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('organization_id', '=', organiser.organizationId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('refuses an end before the start, and an in-person event without a venue', async () => {
    const organiser = await verifiedOrganizer(api.app, api.database.db);
    const backwards = await inject(
      'POST',
      '/events',
      organiser.bearer,
      eventBody(organiser.organizationId, { endsAt: inDays(9) }),
    );
    expect(backwards.json().errors).toContainEqual({ path: 'body.endsAt', message: 'The end must be after the start.' });
    const nowhere = await inject('POST', '/events', organiser.bearer, eventBody(organiser.organizationId, { venue: null }));
    expect(nowhere.json().errors).toContainEqual({ path: 'body.venue', message: 'Give a venue, or a link for an online event.' });
  });

  it('accepts only http(s) links for online events', async () => {
    const organiser = await verifiedOrganizer(api.app, api.database.db);
    const response = await inject(
      'POST',
      '/events',
      organiser.bearer,
      eventBody(organiser.organizationId, { isOnline: true, venue: null, onlineUrl: 'javascript:alert(1)' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((error: { path: string }) => error.path)).toContain('body.onlineUrl');
  });

  it('belongs to owners and managers of the organisation only', async () => {
    const owner = await verifiedOrganizer(api.app, api.database.db);
    const rival = await verifiedOrganizer(api.app, api.database.db, 'Rival Nights');
    const attendee = await signedInAccount(api.app, api.database.db);
    expect((await inject('POST', '/events', rival.bearer, eventBody(owner.organizationId))).statusCode).toBe(403);
    expect((await inject('POST', '/events', attendee.bearer, eventBody(owner.organizationId))).statusCode).toBe(403);
    expect((await inject('POST', '/events', {}, eventBody(owner.organizationId))).statusCode).toBe(401);

    const event = (await inject('POST', '/events', owner.bearer, eventBody(owner.organizationId))).json().data;
    for (const attempt of [
      inject('PATCH', `/events/${event.id}`, rival.bearer, { title: 'Hijacked' }),
      inject('POST', `/events/${event.id}/publish`, rival.bearer),
      inject('POST', `/events/${event.id}/cancel`, attendee.bearer),
      inject('GET', `/events/${event.id}`, rival.bearer),
      inject('GET', `/organizations/${owner.organizationId}/events`, rival.bearer),
    ]) {
      const response = await attempt;
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Late Night Jazz');
    }
  });
});

describe('the organisation’s own list', () => {
  it('shows each event’s tickets sold of its whole capacity, hidden types included, which the public listing does not', async () => {
    const organiser = await verifiedOrganizer(api.app, api.database.db);
    const event = await publishedEvent(api.app, organiser, {
      ticketTypes: [
        { name: 'Standard', price: 1500, currency: 'GBP', capacity: 100 },
        { name: 'Crew', price: 0, currency: 'GBP', capacity: 20, hidden: true },
      ],
    });
    await api.database.db.updateTable('ticket_types').set({ taken: 7 }).where('event_id', '=', event.id).execute();

    const own = (await inject('GET', `/organizations/${organiser.organizationId}/events`, organiser.bearer)).json().data;
    expect(own.items).toEqual([expect.objectContaining({ id: event.id, ticketsSold: 14, capacity: 120 })]);
    const publicItem = (await inject('GET', `/events?organizationId=${organiser.organizationId}`)).json().data.items[0];
    expect(publicItem.id).toBe(event.id);
    expect(publicItem).not.toHaveProperty('ticketsSold');
  });
});

describe('publishing', () => {
  it('needs a ticket type, a future start and, for paid tickets, a verified organisation', async () => {
    const organiser = await verifiedOrganizer(api.app, api.database.db);
    const empty = (
      await inject('POST', '/events', organiser.bearer, eventBody(organiser.organizationId, { ticketTypes: [] }))
    ).json().data;
    const refused = await inject('POST', `/events/${empty.id}/publish`, organiser.bearer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Add at least one ticket type.');

    const past = (
      await inject(
        'POST',
        '/events',
        organiser.bearer,
        eventBody(organiser.organizationId, { startsAt: inDays(-2), endsAt: inDays(-2, 23) }),
      )
    ).json().data;
    expect((await inject('POST', `/events/${past.id}/publish`, organiser.bearer)).json().message).toContain(
      'start in the future',
    );

    const unverified = await signedInAccount(api.app, api.database.db, { userType: 'organiser', organizationName: 'New Kids' });
    const paid = (await inject('POST', '/events', unverified.bearer, eventBody(unverified.user.organizationId as string))).json()
      .data;
    expect((await inject('POST', `/events/${paid.id}/publish`, unverified.bearer)).json().message).toContain(
      'identity verification',
    );
    const free = (
      await inject(
        'POST',
        '/events',
        unverified.bearer,
        eventBody(unverified.user.organizationId as string, {
          ticketTypes: [{ name: 'Free', price: 0, currency: 'GBP', capacity: 50 }],
        }),
      )
    ).json().data;
    expect((await inject('POST', `/events/${free.id}/publish`, unverified.bearer)).statusCode).toBe(200);
  });

  it('makes the event public until it is unpublished; a cancelled event stays visible as cancelled', async () => {
    const organiser = await verifiedOrganizer(api.app, api.database.db);
    const event = await publishedEvent(api.app, organiser, { title: 'Harbour Lights Parade' });
    const listed = await inject('GET', `/events?q=${encodeURIComponent('harbour lights')}`);
    expect(listed.json().data.items.map((item: { id: string }) => item.id)).toContain(event.id);

    await inject('POST', `/events/${event.id}/unpublish`, organiser.bearer);
    expect((await inject('GET', `/events/${event.id}`)).statusCode).toBe(404);
    await inject('POST', `/events/${event.id}/publish`, organiser.bearer);
    await inject('POST', `/events/${event.id}/cancel`, organiser.bearer);
    const cancelled = await inject('GET', `/events/${event.id}`);
    expect(cancelled.json().data.status).toBe('cancelled');
    expect((await inject('POST', `/events/${event.id}/publish`, organiser.bearer)).statusCode).toBe(409);
  });
});

describe('editing where an event happens', () => {
  it('changes only the fields sent: a new title keeps the summary, description, cover and venue', async () => {
    const organiser = await verifiedOrganizer(api.app, api.database.db);
    const event = (await inject('POST', '/events', organiser.bearer, eventBody(organiser.organizationId))).json().data;
    const renamed = await inject('PATCH', `/events/${event.id}`, organiser.bearer, { title: 'Jazz by the Water' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({
      title: 'Jazz by the Water',
      summary: 'Three bands, one long night by the water.',
      description: 'A **great** night out.',
      venueName: 'The Boathouse',
      ticketTypes: [expect.objectContaining({ name: 'Standard' }), expect.objectContaining({ name: 'VIP' })],
    });
  });

  it('refuses to make an event online without a link, or in person without a venue, and changes nothing', async () => {
    const organiser = await verifiedOrganizer(api.app, api.database.db);
    const event = (await inject('POST', '/events', organiser.bearer, eventBody(organiser.organizationId))).json().data;

    const online = await inject('PATCH', `/events/${event.id}`, organiser.bearer, { isOnline: true, venue: null });
    expect(online.statusCode).toBe(400);
    expect(online.json().errors).toEqual([{ path: 'body.venue', message: 'Give a venue, or a link for an online event.' }]);
    const unchanged = (await inject('GET', `/events/${event.id}`, organiser.bearer)).json().data;
    expect(unchanged).toMatchObject({ isOnline: false, venueName: 'The Boathouse' });

    const moved = await inject('PATCH', `/events/${event.id}`, organiser.bearer, {
      isOnline: true,
      venue: null,
      onlineUrl: 'https://stream.example.com/jazz',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ isOnline: true, venue: null, onlineUrl: 'https://stream.example.com/jazz' });
    expect((await inject('PATCH', `/events/${event.id}`, organiser.bearer, { isOnline: false })).statusCode).toBe(400);
  });
});

describe('editing ticket types', () => {
  it('updates by id, adds and removes, but never below what is sold', async () => {
    const organiser = await verifiedOrganizer(api.app, api.database.db);
    const event = (await inject('POST', '/events', organiser.bearer, eventBody(organiser.organizationId))).json().data;
    const [standard, vip] = event.ticketTypes;
    await api.database.db.updateTable('ticket_types').set({ taken: 5 }).where('id', '=', standard.id).execute();

    const lowered = await inject('PATCH', `/events/${event.id}`, organiser.bearer, {
      ticketTypes: [{ id: standard.id, name: 'Standard', price: 1500, currency: 'GBP', capacity: 4 }],
    });
    expect(lowered.statusCode).toBe(409);

    const removedSold = await inject('PATCH', `/events/${event.id}`, organiser.bearer, {
      ticketTypes: [{ id: vip.id, name: 'VIP', price: 4500, currency: 'GBP', capacity: 10 }],
    });
    expect(removedSold.statusCode).toBe(409);

    const changed = await inject('PATCH', `/events/${event.id}`, organiser.bearer, {
      title: 'Late Night Jazz (extra date)',
      ticketTypes: [
        { id: standard.id, name: 'Standard', price: 1800, currency: 'GBP', capacity: 120 },
        { name: 'Student', price: 900, currency: 'GBP', capacity: 30 },
      ],
    });
    expect(changed.statusCode).toBe(200);
    expect(
      changed
        .json()
        .data.ticketTypes.map((type: { name: string; price: number; available: number }) => [
          type.name,
          type.price,
          type.available,
        ]),
    ).toEqual([
      ['Standard', 1800, 115],
      ['Student', 900, 30],
    ]);
  });
});

describe('finding events', () => {
  it('filters by words, category, city, price, online, dates and distance, with a total for paging', async () => {
    const organiser = await verifiedOrganizer(api.app, api.database.db, 'Search Org');
    const org = organiser.organizationId;
    await publishedEvent(api.app, organiser, {
      title: 'Comedy Cellar Showcase',
      category: 'comedy',
      venue: { name: 'Cellar', address: '2 Low St', city: 'Leeds', latitude: 53.8, longitude: -1.55 },
    });
    await publishedEvent(api.app, organiser, {
      title: 'Free Community Picnic',
      category: 'community',
      ticketTypes: [{ name: 'Entry', price: 0, currency: 'GBP', capacity: 500 }],
      venue: { name: 'Park', address: 'Park Lane', city: 'Leeds', latitude: 53.81, longitude: -1.56 },
    });
    await publishedEvent(api.app, organiser, {
      title: 'Online Coding Night',
      category: 'business',
      isOnline: true,
      venue: null,
      onlineUrl: 'https://meet.example/coding',
      startsAt: inDays(30),
      endsAt: inDays(30, 22),
    });

    const search = async (query: string) => (await inject('GET', `/events?organizationId=${org}&${query}`)).json().data;
    expect((await search('q=comedy')).items.map((item: { title: string }) => item.title)).toEqual(['Comedy Cellar Showcase']);
    expect((await search('category=community')).items).toHaveLength(1);
    expect((await search('city=leeds')).total).toBe(2);
    expect((await search('price=free')).items.map((item: { title: string }) => item.title)).toEqual(['Free Community Picnic']);
    expect((await search('price=paid')).total).toBe(2);
    expect((await search('online=true')).items.map((item: { title: string }) => item.title)).toEqual(['Online Coding Night']);
    expect((await search(`from=${encodeURIComponent(inDays(20))}`)).total).toBe(1);
    const near = await search('lat=53.8&lng=-1.55&radiusKm=5');
    expect(near.total).toBe(2);
    expect(near.items[0].distanceKm).toBeLessThan(2);
    const paged = await search('pageSize=2&page=2');
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.items).toHaveLength(1);
  });

  it('ranks title matches first when sorting by relevance', async () => {
    const organiser = await verifiedOrganizer(api.app, api.database.db, 'Rank Org');
    await publishedEvent(api.app, organiser, {
      title: 'Spring Fair',
      description: 'with a little ceilidh at the end',
      startsAt: inDays(3),
      endsAt: inDays(3, 23),
    });
    await publishedEvent(api.app, organiser, { title: 'Ceilidh Night', startsAt: inDays(20), endsAt: inDays(20, 23) });
    const ranked = (await inject('GET', `/events?organizationId=${organiser.organizationId}&q=ceilidh&sort=relevance`)).json()
      .data.items;
    expect(ranked.map((item: { title: string }) => item.title)).toEqual(['Ceilidh Night', 'Spring Fair']);
  });

  it('rejects bad filters with field errors', async () => {
    const response = await inject('GET', '/events?lat=200&page=0&category=knitting&sort=random');
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .errors.map((error: { path: string }) => error.path)
        .sort(),
    ).toEqual(['query.category', 'query.lat', 'query.page', 'query.sort']);
  });
});

describe('ticket sales windows', () => {
  const errorsOf = (response: { json: () => { errors?: unknown } }) => response.json().errors;

  it('refuse sales that start after the event has ended, or end after it, on create and on edit', async () => {
    const organiser = await verifiedOrganizer(api.app, api.database.db);
    const endsAt = inDays(10, 23);
    const late = { name: 'Late', price: 1500, currency: 'GBP', capacity: 100, salesStart: inDays(11, 10) };
    const created = await inject(
      'POST',
      '/events',
      organiser.bearer,
      eventBody(organiser.organizationId, { ticketTypes: [late] }),
    );
    expect(created.statusCode).toBe(400);
    expect(errorsOf(created)).toContainEqual({
      path: 'body.ticketTypes.0.salesStart',
      message: 'Sales must start before the event ends.',
    });
    const longSales = { name: 'Long', price: 1500, currency: 'GBP', capacity: 100, salesEnd: inDays(12) };
    const tooLong = await inject(
      'POST',
      '/events',
      organiser.bearer,
      eventBody(organiser.organizationId, { ticketTypes: [longSales] }),
    );
    expect(tooLong.statusCode).toBe(400);
    expect(errorsOf(tooLong)).toContainEqual({
      path: 'body.ticketTypes.0.salesEnd',
      message: 'Sales must end by the time the event ends. Leave it blank to sell until then.',
    });

    // Up to the very end is fine.
    const ok = { name: 'Standard', price: 1500, currency: 'GBP', capacity: 100, salesStart: inDays(1), salesEnd: endsAt };
    const event = (
      await inject('POST', '/events', organiser.bearer, eventBody(organiser.organizationId, { ticketTypes: [ok] }))
    ).json().data;
    expect(event.ticketTypes[0].salesEnd).toBe(endsAt);

    // A change of ticket types alone is judged against the event's saved end.
    const [standard] = event.ticketTypes;
    const edited = await inject('PATCH', `/events/${event.id}`, organiser.bearer, {
      ticketTypes: [{ ...ok, id: standard.id, salesStart: inDays(11, 10), salesEnd: null }],
    });
    expect(edited.statusCode).toBe(400);
    expect(errorsOf(edited)).toContainEqual({
      path: 'body.ticketTypes.0.salesStart',
      message: 'Sales must start before the event ends.',
    });
    // So is moving the end before a saved ticket type's sales.
    const earlier = await inject('PATCH', `/events/${event.id}`, organiser.bearer, { endsAt: inDays(10, 21) });
    expect(earlier.statusCode).toBe(400);
    expect(earlier.json().errors).toEqual([
      { path: 'body.endsAt', message: 'Sales of Standard tickets run past that end. Change their sales end first.' },
    ]);
    const saved = (await inject('GET', `/events/${event.id}`, organiser.bearer)).json().data;
    expect([saved.endsAt, saved.ticketTypes[0].salesStart]).toEqual([endsAt, ok.salesStart]);
  });
});

describe('numbers out of range', () => {
  it('are refused in plain words, not the validator’s', async () => {
    const organiser = await verifiedOrganizer(api.app, api.database.db);
    const response = await inject(
      'POST',
      '/events',
      organiser.bearer,
      eventBody(organiser.organizationId, {
        ticketTypes: [{ name: 'Huge', price: 99_999_999_999, currency: 'GBP', capacity: 99_999_999_999, maxPerOrder: 500 }],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'body.ticketTypes.0.capacity', message: 'At most 1,000,000 tickets.' },
        { path: 'body.ticketTypes.0.price', message: 'At most 100,000.00 a ticket.' },
        { path: 'body.ticketTypes.0.maxPerOrder', message: 'At most 100 tickets per order.' },
      ]),
    );
  });
});
