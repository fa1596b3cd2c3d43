// Event search with typos over 10,000 events (decision 054): the public catalogue (`/events?q=`) and the search
// page's API (`/find-events`) timed per kind of search (an exact word, one typo, two words with typos, a word matching
// nothing), median and p95, beside two baselines measured in the same run: a `select 1` round trip and the
// exact-word text match alone (the search before typos were forgiven). On PGlite in a scratch folder and on a
// scratch database of the bench's PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL) when it answers.
// Run alone: `node bench/event-search.ts` (EVENT_SEARCH_BENCH_EVENTS and EVENT_SEARCH_BENCH_ROUNDS change the sizes).
import { readdir } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import type { Db } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { listCatalogue } from '../server/features/events/catalogue.service.ts';
import { listPublicEvents } from '../server/features/events/events.service.ts';
import { catalogueQuerySchema } from '../src/contract/catalogue.ts';
import { eventCategories } from '../src/contract/event-categories.ts';
import { eventListQuerySchema } from '../src/contract/events.ts';
import { insertBenchEvents } from './bench-events.ts';
import { onEachDatabase } from './each-database.ts';
import { repoRoot } from './server-process.ts';

const eventCount = Number(process.env.EVENT_SEARCH_BENCH_EVENTS) || 10_000;
const rounds = Number(process.env.EVENT_SEARCH_BENCH_ROUNDS) || 30;

const genres =
  'jazz folk blues soul techno house comedy poetry theatre opera ballet ceilidh choir gospel reggae punk indie classical swing salsa tango disco funk'.split(
    ' ',
  );
const kinds =
  'festival night evening weekender showcase session matinee gala fair market quiz workshop tour concert social party screening recital'.split(
    ' ',
  );
const moods =
  'late summer winter spring autumn midnight sunday friday grand little big open acoustic unplugged family northern riverside harbour'.split(
    ' ',
  );
const cities =
  'Manchester Leeds Bristol Cardiff London Glasgow Edinburgh Belfast Liverpool Newcastle Sheffield Nottingham Birmingham Brighton Norwich Exeter York Bath Oxford Cambridge Aberdeen Dundee Swansea Derby Leicester Coventry Plymouth Southampton Portsmouth Hull Sunderland Bradford Preston Lancaster Carlisle Durham Inverness Stirling Galway Cork Dublin Limerick Derry Canterbury Chester Worcester Hereford Lincoln Salisbury Winchester'.split(
    ' ',
  );
const venueKinds =
  'Hall Arms Rooms Theatre Club Chapel Warehouse Tavern Pavilion Institute Academy Lounge Gardens Works Exchange'.split(' ');
const syllables =
  'ka ro mi len dor sha vel tin bro mar ley fen gal hart wick ash by ton ford ell ian isa nor beck dale ric hol wyn mo'.split(
    ' ',
  );
const prose =
  'join us for an evening of live music food and drink with friends old and new doors open early bar serves local ales and wine seated and standing tickets limited accessible venue step free access bring your dancing shoes all ages welcome under sixteens with an adult last entry one hour before close cloakroom available cash and card accepted headline set support acts resident dj guest list merchandise stall street food vendors outdoor stage rain or shine'.split(
    ' ',
  );

const pick = <T>(list: T[], index: number) => list[index % list.length] as T;
/** A made-up name from syllables, as artists and venues have: thousands of distinct words, as a real catalogue has. */
const name = (index: number) => {
  const hash = Math.imul(index + 1, 2654435761) >>> 0;
  const parts = [hash, hash >>> 5, ...(hash % 3 === 0 ? [hash >>> 10] : [])];
  const word = parts.map((part) => pick(syllables, part)).join('');
  return word[0]?.toUpperCase() + word.slice(1);
};

async function fill(db: Db): Promise<void> {
  const organizations = await db
    .insertInto('organizations')
    .values(Array.from({ length: 40 }, (_, index) => ({ name: `${name(index * 31)} Promotions` })))
    .returning('id')
    .execute();
  const now = Date.now();
  for (let start = 0; start < eventCount; start += 500) {
    const rows = Array.from({ length: Math.min(500, eventCount - start) }, (_, offset) => {
      const index = start + offset;
      const startsAt = new Date(now + ((index % 240) + 1) * 24 * 3600 * 1000 + (index % 24) * 3600 * 1000);
      const city = pick(cities, index * 7 + (index >> 4));
      const genre = pick(genres, index * 3);
      const words = Array.from({ length: 40 }, (_, at) => pick(prose, index * 11 + at * 7)).join(' ');
      return {
        organization_id: (organizations[index % organizations.length] as { id: string }).id,
        title: `${pick(moods, index)} ${genre} ${pick(kinds, index * 5 + 1)} with ${name(index)}`,
        summary: `${name(index * 3 + 1)} and friends bring ${genre} to ${city}.`,
        description: `${words}. ${name(index * 17 + 2)} ${pick(genres, index * 7)}.`,
        category: pick([...eventCategories], index),
        starts_at: startsAt,
        ends_at: new Date(startsAt.getTime() + 3 * 3600 * 1000),
        timezone: 'Europe/London',
        city,
        venue_name: `The ${name(index * 5 + 4)} ${pick(venueKinds, index)}`,
        status: 'published' as const,
      };
    });
    await insertBenchEvents(db, rows, start);
  }
}

/** The schema as it was before events' words were kept apart (migration 0040), so the events go in first. */
async function migrateBeforeVocabulary(db: Db): Promise<void> {
  const folder = join(repoRoot, 'server', 'db', 'migrations');
  const files = (await readdir(folder)).filter((file) => /^\d{4}_[\w-]+\.ts$/.test(file) && file < '0040').sort();
  const migrations: Record<string, Migration> = {};
  for (const file of files)
    migrations[file.replace(/\.ts$/, '')] = (await import(pathToFileURL(join(folder, file)).href)) as Migration;
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest();
  if (error) throw error;
}

const searches = {
  'exact word': ['jazz', 'manchester', 'ceilidh', 'festival', 'riverside'],
  'one typo': ['manchster', 'festval', 'ceilidth', 'jaz', 'rivreside'],
  'two words, typos': ['jaz festval', 'folk manchster', 'comdey nihgt', 'poetyr bristl', 'opera glasgw'],
  'word matching nothing': ['xylophone', 'quantum', 'zeppelin', 'walrus', 'kumquat'],
} as const;

const images = { url: () => null, srcSet: () => null };

interface Timing {
  label: string;
  medianMs: number;
  p95Ms: number;
  found: number;
}

async function time(label: string, run: (index: number) => Promise<number>): Promise<Timing> {
  await run(0);
  const timings: number[] = [];
  let found = 0;
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    found += await run(round);
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  return {
    label,
    medianMs: timings[Math.floor(timings.length / 2)] ?? 0,
    p95Ms: timings[Math.min(timings.length - 1, Math.floor(timings.length * 0.95))] ?? 0,
    found: Math.round(found / rounds),
  };
}

async function measure(db: Db, database: string): Promise<string[]> {
  await migrateBeforeVocabulary(db);
  let started = performance.now();
  await fill(db);
  const filled = performance.now() - started;
  started = performance.now();
  const applied = await migrateToLatest(db);
  const migrated = performance.now() - started;
  const vocabulary = applied.includes('0040_event_search_words')
    ? Number((await sql<{ n: string }>`select count(*) as n from event_search_words`.execute(db)).rows[0]?.n)
    : 0;
  const deps = { db, images };
  const timings = [
    await time('baseline: select 1', async () => {
      await sql`select 1`.execute(db);
      return 1;
    }),
    await time('baseline: exact text match, 12 soonest', async (index) => {
      const words = pick([...searches['exact word']], index);
      const { rows } = await sql`select id from events
        where status = 'published' and ends_at > now() and search @@ websearch_to_tsquery('simple', ${words})
        order by starts_at, id limit 12`.execute(db);
      return rows.length;
    }),
  ];
  const lookUp = await import('../server/features/events/event-search.repository.ts').catch(() => null);
  for (const [kind, words] of Object.entries(searches)) {
    // The near words' look-up on its own: what forgiving typos adds to a search (absent before it was built).
    if (lookUp) {
      timings.push(
        await time(`near-word look-up alone  ${kind}`, async (index) => {
          const search = await lookUp.prepareSearch(db, pick([...words], index));
          return search.any.flat().length;
        }),
      );
    }
    timings.push(
      await time(`catalogue /events?q=  ${kind}`, async (index) => {
        const page = await listCatalogue(deps, catalogueQuerySchema.parse({ q: pick([...words], index) }));
        return page.total;
      }),
      await time(`find-events /events   ${kind}`, async (index) => {
        const page = await listPublicEvents(deps, eventListQuerySchema.parse({ q: pick([...words], index), sort: 'relevance' }));
        return page.total;
      }),
    );
  }
  return [
    `${database}: ${eventCount} events filled in ${(filled / 1000).toFixed(1)} s; migrations after them ${(migrated / 1000).toFixed(1)} s` +
      (vocabulary ? ` (vocabulary of ${vocabulary} words)` : ''),
    ...timings.map(
      (row) =>
        `   ${row.label.padEnd(42)} median ${row.medianMs.toFixed(2).padStart(7)} ms   p95 ${row.p95Ms.toFixed(2).padStart(7)} ms` +
        `   found ${row.found}`,
    ),
  ];
}

if (import.meta.main) {
  const before = loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
  const results = await onEachDatabase('event_search', measure, { pgliteOnDisk: true });
  const after = loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
  process.stdout.write(
    `${results.flat().join('\n')}\n(${rounds} rounds per line; load average before ${before}, after ${after})\n`,
  );
}
