import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCatalogue } from '../../server/features/events/catalogue.service.ts';
import { eventBody, inDays, publishedEvent, verifiedOrganizer } from '../fixtures/events.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
let organiser: Awaited<ReturnType<typeof verifiedOrganizer>>;
beforeAll(async () => {
  api = await createTestApi();
  organiser = await verifiedOrganizer(api.app, api.database.db);
});
afterAll(() => api.close());

interface Page {
  items: { id: string; title: string; startsAt: string; category: string }[];
  total: number;
  next: string | null;
  previous: string | null;
  cities: { name: string; events: number }[];
}

const catalogue = async (query: string) => {
  const response = await api.app.inject({ method: 'GET', url: `/api/catalogue${query}` });
  return { status: response.statusCode, body: response.json() };
};
const page = async (query: string): Promise<Page> => {
  const { status, body } = await catalogue(query);
  expect(status).toBe(200);
  return body.data;
};

/** Moves an event's dates (publishing needs a future start, so past and ongoing events are made afterwards). */
const moveEvent = (id: string, startsAt: string, endsAt: string) =>
  api.database.db
    .updateTable('events')
    .set({ starts_at: new Date(startsAt), ends_at: new Date(endsAt) })
    .where('id', '=', id)
    .execute();

const titles = (result: Page) => result.items.map((item) => item.title);

describe('the public catalogue', () => {
  it('pages forwards and back through every published event not yet over, and never lists drafts, cancelled or past events', async () => {
    const listed: string[] = [];
    // Three share one start, so the pages are cut by id as well as by time.
    for (let index = 0; index < 11; index += 1) {
      const event = await publishedEvent(api.app, organiser, {
        title: `Listed night ${index}`,
        startsAt: inDays(index < 3 ? 40 : 40 + index),
        endsAt: inDays(index < 3 ? 40 : 40 + index, 23),
      });
      listed.push(event.id);
    }
    const ongoing = await publishedEvent(api.app, organiser, { title: 'Listed festival already under way' });
    await moveEvent(ongoing.id, inDays(-1), inDays(2));
    listed.push(ongoing.id);

    const draft = await api.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: organiser.bearer,
      payload: eventBody(organiser.organizationId, { title: 'Unlisted draft' }),
    });
    expect(draft.statusCode).toBe(201);
    const cancelled = await publishedEvent(api.app, organiser, { title: 'Unlisted cancelled' });
    expect(
      (await api.app.inject({ method: 'POST', url: `/api/events/${cancelled.id}/cancel`, headers: organiser.bearer })).statusCode,
    ).toBe(200);
    const past = await publishedEvent(api.app, organiser, { title: 'Unlisted past' });
    await moveEvent(past.id, inDays(-3), inDays(-2));
    const unpublished = await publishedEvent(api.app, organiser, { title: 'Unlisted unpublished' });
    expect(
      (await api.app.inject({ method: 'POST', url: `/api/events/${unpublished.id}/unpublish`, headers: organiser.bearer }))
        .statusCode,
    ).toBe(200);

    const first = await page('?q=listed&limit=5');
    expect(first.total).toBe(12);
    expect(first.previous).toBeNull();
    expect(first.items[0]?.title).toBe('Listed festival already under way');
    const second = await page(`?q=listed&limit=5&after=${first.next}`);
    const third = await page(`?q=listed&limit=5&after=${second.next}`);
    expect([first, second, third].map((result) => result.items.length)).toEqual([5, 5, 2]);
    expect(third.next).toBeNull();
    const seen = [first, second, third].flatMap((result) => result.items.map((item) => item.id));
    expect(new Set(seen).size).toBe(12);
    expect(new Set(seen)).toEqual(new Set(listed));
    const starts = [first, second, third].flatMap((result) => result.items.map((item) => item.startsAt));
    expect(starts).toEqual([...starts].sort());

    // Back from the last page: the same pages, in the same order.
    const backToSecond = await page(`?q=listed&limit=5&before=${third.previous}`);
    expect(titles(backToSecond)).toEqual(titles(second));
    const backToFirst = await page(`?q=listed&limit=5&before=${backToSecond.previous}`);
    expect(titles(backToFirst)).toEqual(titles(first));
    expect(backToFirst.previous).toBeNull();
    expect(backToFirst.next).toBe(first.next);

    const everything = await page('?limit=48');
    expect(titles(everything).filter((title) => title.startsWith('Unlisted'))).toEqual([]);
  });

  it('filters by category and finds events by a word in any order and case', async () => {
    await publishedEvent(api.app, organiser, { title: 'Marimba Evening', category: 'music' });
    await publishedEvent(api.app, organiser, { title: 'Stand-up with a marimba', category: 'comedy' });
    await publishedEvent(api.app, organiser, { title: 'Open mic comedy', category: 'comedy' });

    const comedy = await page('?category=comedy');
    expect(comedy.items.every((item) => item.category === 'comedy')).toBe(true);
    expect(titles(comedy).sort()).toEqual(['Open mic comedy', 'Stand-up with a marimba']);
    expect(titles(await page('?q=MARIMBA')).sort()).toEqual(['Marimba Evening', 'Stand-up with a marimba']);
    expect(titles(await page('?q=marimba&category=music'))).toEqual(['Marimba Evening']);
    expect((await page('?q=no-such-thing-anywhere')).items).toEqual([]);
  });

  it('reads today, this weekend and dates in each event’s own time zone', async () => {
    // A Wednesday three to four weeks ahead, at noon UTC.
    const wednesday = new Date();
    wednesday.setUTCDate(wednesday.getUTCDate() + 21 + ((3 - wednesday.getUTCDay() + 7) % 7));
    wednesday.setUTCHours(12, 0, 0, 0);
    const day = (offset: number, hour: number, minute = 0) => {
      const date = new Date(wednesday);
      date.setUTCDate(date.getUTCDate() + offset);
      date.setUTCHours(hour, minute, 0, 0);
      return date.toISOString();
    };
    const dateOf = (offset: number) => day(offset, 0).slice(0, 10);
    const at = async (title: string, startsAt: string, endsAt: string, timezone = 'Europe/London') =>
      publishedEvent(api.app, organiser, { title, startsAt, endsAt, timezone, category: 'family' });
    await at('Wednesday tea dance', day(0, 19), day(0, 22));
    await at('Friday puppet show', day(2, 18), day(2, 20));
    await at('Monday story time', day(5, 10), day(5, 11));
    // 23:30 UTC on Wednesday is already Thursday in Berlin.
    await at('Thursday in Berlin', day(0, 23, 30), day(1, 2), 'Europe/Berlin');

    const deps = { db: api.database.db, images: { url: () => null, srcSet: () => null } };
    const list = async (query: Record<string, string>) =>
      titles(await listCatalogue(deps, { category: 'family', limit: 12, ...query }, new Date(wednesday)));
    expect(await list({ when: 'today' })).toEqual(['Wednesday tea dance']);
    expect(await list({ when: 'weekend' })).toEqual(['Friday puppet show']);
    // On Saturday the weekend is what is left of it.
    const saturday = new Date(day(3, 12));
    expect(titles(await listCatalogue(deps, { category: 'family', limit: 12, when: 'weekend' }, saturday))).toEqual([]);
    expect(await list({ from: dateOf(1), to: dateOf(1) })).toEqual(['Thursday in Berlin']);
    expect(await list({ from: dateOf(0), to: dateOf(0) })).toEqual(['Wednesday tea dance']);
    expect(await list({ from: dateOf(2) })).toEqual(['Friday puppet show', 'Monday story time']);

    // The same through HTTP, with dates far ahead of now.
    expect(titles(await page(`?category=family&from=${dateOf(1)}&to=${dateOf(4)}`))).toEqual([
      'Thursday in Berlin',
      'Friday puppet show',
    ]);
  });

  it('lists one city whatever its case, and offers the cities with the most events for the other filters', async () => {
    const venue = (city: string) => ({ ...eventBody(organiser.organizationId).venue, city });
    await publishedEvent(api.app, organiser, { title: 'Spa town brass', category: 'music', venue: venue('Harrogate') });
    await publishedEvent(api.app, organiser, { title: 'Spa town quartet', category: 'music', venue: venue('Harrogate') });
    await publishedEvent(api.app, organiser, { title: 'Spa town jokes', category: 'comedy', venue: venue('  harrogate ') });
    await publishedEvent(api.app, organiser, { title: 'Abbey steps comedy', category: 'comedy', venue: venue('Whitby') });

    const harrogate = await page('?city=HARROGATE');
    expect(titles(harrogate).sort()).toEqual(['Spa town brass', 'Spa town jokes', 'Spa town quartet']);
    expect(harrogate.total).toBe(3);
    expect(titles(await page('?city=harrogate&category=comedy'))).toEqual(['Spa town jokes']);
    expect((await page('?city=Atlantis')).items).toEqual([]);

    // The places to browse ignore the chosen city (so another can be picked) but follow every other filter.
    const cities = (result: Page) => Object.fromEntries(result.cities.map((city) => [city.name, city.events]));
    const anywhere = cities(await page('?city=Whitby'));
    expect(anywhere).toMatchObject({ Harrogate: 3, Whitby: 1 });
    expect(anywhere).not.toHaveProperty('harrogate');
    // Each city is shown as the matching events spell it most often: here, the one comedy night's spelling.
    const comedy = cities(await page('?category=comedy'));
    expect(comedy).toMatchObject({ harrogate: 1, Whitby: 1 });
    const counts = (await page('')).cities.map((city) => city.events);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('refuses bad input with a message that says what to fix', async () => {
    const cases: [string, string, string][] = [
      ['?after=yesterday', 'query.after', 'That page link is not valid; start again from the first page.'],
      [
        `?before=0000-00-00T25:00:00.000000Z_${crypto.randomUUID()}`,
        'query.before',
        'That page link is not valid; start again from the first page.',
      ],
      ['?from=2026-02-30', 'query.from', 'Use a date written YYYY-MM-DD, e.g. 2026-12-31.'],
      ['?from=2026-12-10&to=2026-12-01', 'query.to', 'The last date must be on or after the first.'],
      ['?when=tomorrow', 'query.when', 'Choose today or weekend.'],
      ['?when=today&from=2026-12-01', 'query.when', 'Choose today, this weekend or a range of dates, not both.'],
      ['?category=knitting', 'query.category', ''],
      ['?limit=0', 'query.limit', ''],
      [`?q=${'a'.repeat(101)}`, 'query.q', 'Search with at most 100 characters.'],
      [`?city=${'a'.repeat(81)}`, 'query.city', 'A city has at most 80 characters.'],
      ['?city=+', 'query.city', 'Name a city.'],
    ];
    for (const [query, path, message] of cases) {
      const { status, body } = await catalogue(query);
      expect(status, query).toBe(400);
      expect(body.httpStatus).toBe('BAD_REQUEST');
      expect(body.message).toEqual(expect.any(String));
      const error = body.errors.find((candidate: { path: string }) => candidate.path === path);
      expect(error, query).toBeDefined();
      if (message) expect(error.message).toBe(message);
    }
    const key = `2026-12-01T19:00:00.000000Z_${crypto.randomUUID()}`;
    const both = await catalogue(`?after=${key}&before=${key}`);
    expect(both.status).toBe(400);
    expect(both.body.errors).toContainEqual({
      path: 'query.before',
      message: 'Ask for the page after one event or before one, not both.',
    });
  });
});
