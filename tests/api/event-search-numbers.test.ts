import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inDays, publishedEvent, verifiedOrganizer } from '../fixtures/events.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

/**
 * Words PostgreSQL's text search parser reads as numbers, or as several parts: "85e4fb44" is the number 85e4 and the
 * word fb44, "abc-12" the word abc and the number -12, "3.14", "v2.0" and "12.abc" are one token each. The search
 * finds an event by such a word as it is written in the event's text.
 */

let api: TestApi;
let organiser: Awaited<ReturnType<typeof verifiedOrganizer>>;
beforeAll(async () => {
  api = await createTestApi();
  organiser = await verifiedOrganizer(api.app, api.database.db, 'Number Word Promotions');
});
afterAll(() => api.close());

interface Listed {
  items: { id: string; title: string }[];
  total: number;
}

const get = async (url: string): Promise<Listed> => {
  const response = await api.app.inject({ method: 'GET', url: `/api${url}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
/** The search page's API (`/find-events`) and the public catalogue (`/events?q=`), each with the words typed. */
const findEvents = (words: string, extra = '') => get(`/events?q=${encodeURIComponent(words)}&pageSize=50${extra}`);
const catalogue = (words: string) => get(`/catalogue?q=${encodeURIComponent(words)}&limit=48`);
const ids = (listed: Listed) => listed.items.map((item) => item.id);

/** Whether the search page and the catalogue both list the event for the words typed. */
async function foundBy(words: string, eventId: string): Promise<boolean> {
  const [page, listed, ranked] = await Promise.all([findEvents(words), catalogue(words), findEvents(words, '&sort=relevance')]);
  return ids(page).includes(eventId) && ids(listed).includes(eventId) && ids(ranked).includes(eventId);
}

describe('event search by words the text search parser reads as numbers', () => {
  it('finds an event by a reference such as 85e4fb44, alone, with the title, with a typo beside it, in capitals', async () => {
    const event = await publishedEvent(api.app, organiser, { title: 'Harbour Lights 85e4fb44' });
    for (const words of ['Harbour Lights 85e4fb44', '85e4fb44', '85E4FB44', 'lights 85e4fb44', 'harbor 85e4fb44']) {
      expect(await foundBy(words, event.id), words).toBe(true);
    }
    // A reference one character away is another reference.
    expect(ids(await findEvents('85e4fb45'))).not.toContain(event.id);
    expect(ids(await findEvents('harbour lights 85e4fb45'))).not.toContain(event.id);

    // The reference is an exact word: an event with it and every other word exactly lists before one with a word
    // only close to a typed one, even when that one starts sooner.
    const near = await publishedEvent(api.app, organiser, {
      title: 'Harbor Lights 85e4fb44',
      startsAt: inDays(5),
      endsAt: inDays(5, 23),
    });
    for (const sort of ['', '&sort=relevance']) {
      expect(ids(await findEvents('harbour lights 85e4fb44', sort)), sort).toEqual([event.id, near.id]);
    }
    expect(ids(await catalogue('harbour lights 85e4fb44'))).toEqual([event.id, near.id]);
  });

  it('finds decimals, versions, hyphenated words with numbers, hosts and addresses as written', async () => {
    const examples = [
      { title: 'Pi Day Lecture 3.14', words: ['3.14', 'pi day 3.14'] },
      { title: 'Release Party v2.0', words: ['v2.0', 'release v2.0'] },
      { title: 'Studio abc-12 Open House', words: ['abc-12', 'studio abc-12', '12', 'studio 12'] },
      { title: 'Rocket Night 1.5e3x', words: ['1.5e3x', 'rocket 1.5e3x'] },
      { title: 'Lab 12.abc Tour', words: ['12.abc', 'lab 12.abc tour'] },
      { title: 'Build 2.0.1 Launch', words: ['2.0.1', 'build 2.0.1'] },
      { title: 'Meet hosts@dockside.example', words: ['hosts@dockside.example'] },
      { title: 'Ticket desk dockside.example/help', words: ['dockside.example/help'] },
    ];
    for (const { title, words } of examples) {
      const event = await publishedEvent(api.app, organiser, { title });
      for (const typed of [title, ...words]) expect(await foundBy(typed, event.id), `${title}: ${typed}`).toBe(true);
    }
  });

  it('needs each number word typed, even when two share their digits', async () => {
    const both = await publishedEvent(api.app, organiser, { title: 'Tides 4.27 and 9.27' });
    const one = await publishedEvent(api.app, organiser, { title: 'Tides 4.27 only' });
    const found = ids(await findEvents('tides 4.27 9.27'));
    expect(found).toContain(both.id);
    expect(found).not.toContain(one.id);
    expect(ids(await findEvents('4.27'))).toEqual(expect.arrayContaining([both.id, one.id]));
  });

  it('finds any event by its whole title and by each number-like word of it (property)', { timeout: 60_000 }, async () => {
    const letters = (min: number, max: number) =>
      fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), minLength: min, maxLength: max });
    const digits = (max: number) => fc.nat({ max }).map(String);
    const numberWord = fc.oneof(
      // A number in scientific notation with letters after it: 85e4fb44.
      fc.tuple(digits(999), digits(99), letters(1, 4)).map(([a, b, c]) => `${a}e${b}${c}`),
      // A decimal, and one with letters after it.
      fc.tuple(digits(999), digits(999)).map(([a, b]) => `${a}.${b}`),
      fc.tuple(digits(99), digits(99), letters(1, 3)).map(([a, b, c]) => `${a}.${b}e${a}${c}`),
      // A version.
      fc
        .tuple(digits(20), digits(20), fc.option(digits(20), { nil: undefined }))
        .map(([a, b, c]) => `v${a}.${b}${c === undefined ? '' : `.${c}`}`),
      // Hyphenated words with numbers, either way round, and three parts.
      fc.tuple(letters(2, 5), digits(999)).map(([a, b]) => `${a}-${b}`),
      fc.tuple(digits(999), letters(2, 5)).map(([a, b]) => `${a}-${b}`),
      fc.tuple(letters(2, 5), digits(99), letters(2, 5)).map(([a, b, c]) => `${a}-${b}-${c}`),
      // A made-up reference of hexadecimal digits, as a random suffix would be.
      fc.stringMatching(/^[0-9a-f]{8}$/),
    );
    const plainWord = fc.constantFrom('Harbour', 'Lights', 'Quay', 'Night', 'Festival', 'Market', 'Jazz', 'Lanterns');
    const title = fc
      .tuple(fc.array(plainWord, { minLength: 1, maxLength: 3 }), fc.array(numberWord, { minLength: 1, maxLength: 2 }))
      .chain(([plain, numbers]) =>
        fc.shuffledSubarray([...plain, ...numbers], { minLength: plain.length + numbers.length }).map((words) => ({
          title: words.join(' '),
          numbers,
        })),
      );
    await fc.assert(
      fc.asyncProperty(title, async ({ title, numbers }) => {
        const event = await publishedEvent(api.app, organiser, { title });
        expect(await foundBy(title, event.id), title).toBe(true);
        for (const number of numbers) expect(await foundBy(number, event.id), `${title}: ${number}`).toBe(true);
      }),
      { numRuns: 20 },
    );
  });
});
