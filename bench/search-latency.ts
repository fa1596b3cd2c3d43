// Search latency over 10,000 events, on PGlite and on the bench's PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL,
// default the local one) when it answers.
import type { Db } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { listEventRows } from '../server/features/events/events.repository.ts';
import { eventCategories } from '../src/contract/event-categories.ts';
import { type EventListQuery, eventListQuerySchema } from '../src/contract/events.ts';
import { insertBenchEvents } from './bench-events.ts';
import { onEachDatabase } from './each-database.ts';

export interface SearchLatency {
  database: string;
  events: number;
  queries: number;
  medianMs: number;
  p95Ms: number;
}

const words = [
  'jazz',
  'comedy',
  'festival',
  'theatre',
  'market',
  'run',
  'gallery',
  'ceilidh',
  'choir',
  'poetry',
  'food',
  'family',
  'science',
  'night',
  'late',
  'summer',
  'winter',
  'harbour',
  'city',
  'park',
];
const cities = [
  'Manchester',
  'Leeds',
  'Bristol',
  'Cardiff',
  'London',
  'Glasgow',
  'Edinburgh',
  'Belfast',
  'Liverpool',
  'Newcastle',
];
const pick = <T>(list: T[], index: number) => list[index % list.length] as T;

async function fill(db: Db, count: number): Promise<void> {
  const user = await db
    .insertInto('users')
    .values({
      email: `bench-${Date.now()}@example.test`,
      first_name: 'B',
      last_name: 'B',
      password_hash: 'x',
      date_of_birth: '1990-01-01',
      user_type: 'organiser',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const organization = await db
    .insertInto('organizations')
    .values({ name: 'Bench Org' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('organization_members')
    .values({ organization_id: organization.id, user_id: user.id, role: 'owner' })
    .execute();
  const now = Date.now();
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, offset) => {
      const index = start + offset;
      const startsAt = new Date(now + ((index % 180) - 20) * 24 * 3600 * 1000);
      const city = pick(cities, index * 7);
      return {
        organization_id: organization.id,
        title: `${pick(words, index)} ${pick(words, index * 3 + 1)} ${index}`,
        summary: `A ${pick(words, index * 5)} evening in ${city}`,
        description: `Join us for ${pick(words, index * 11)} and ${pick(words, index * 13)}.`,
        category: pick([...eventCategories], index),
        starts_at: startsAt,
        ends_at: new Date(startsAt.getTime() + 3 * 3600 * 1000),
        timezone: 'Europe/London',
        city,
        venue_name: `${city} Hall`,
        latitude: 51 + (index % 50) / 10,
        longitude: -3 + (index % 40) / 10,
        status: 'published' as const,
      };
    });
    await insertBenchEvents(db, rows, start);
  }
}

const queries: Array<Partial<Record<keyof EventListQuery, string>>> = [
  {},
  { q: 'jazz' },
  { q: 'harbour night', sort: 'relevance' },
  { category: 'music' },
  { city: 'Leeds' },
  { price: 'free' },
  { lat: '53.8', lng: '-1.5', radiusKm: '50' },
  { q: 'festival', city: 'Bristol', price: 'paid' },
  { page: '5' },
];

async function measure(db: Db, label: string, count: number): Promise<SearchLatency> {
  await migrateToLatest(db);
  await fill(db, count);
  const timings: number[] = [];
  for (let round = 0; round < 25; round += 1) {
    for (const raw of queries) {
      const query = eventListQuerySchema.parse(raw);
      const started = performance.now();
      await listEventRows(db, query, { statuses: ['published'], now: new Date() });
      if (round > 0) timings.push(performance.now() - started);
    }
  }
  timings.sort((a, b) => a - b);
  return {
    database: label,
    events: count,
    queries: timings.length,
    medianMs: timings[Math.floor(timings.length / 2)] ?? 0,
    p95Ms: timings[Math.floor(timings.length * 0.95)] ?? 0,
  };
}

export function measureSearchLatency(count = 10_000): Promise<SearchLatency[]> {
  return onEachDatabase('search', (db, label) => measure(db, label, count));
}
