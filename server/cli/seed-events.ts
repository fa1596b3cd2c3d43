import { join } from 'node:path';
import type { Db } from '../db/database.ts';
import { findEventByTitle, insertEvent, insertTicketTypes, updateEvent } from '../features/events/events.repository.ts';
import { listOrganizationOwners } from '../features/organizations/organizations.repository.ts';
import { type SeedEvent, seedEvents } from './seed-events-data.ts';
import { storeSeedImage } from './seed-images.ts';

const coversDir = join(import.meta.dirname, 'seed-assets', 'covers');
const hourMs = 3600 * 1000;
const dayMs = 24 * hourMs;
const publishedDaysAgo = 42;

/** When a seed event starts, relative to now so the demo always has events today and this weekend. */
const quarterHourMs = 15 * 60 * 1000;

export function seedStart(day: SeedEvent['day'], startHour: number, now = new Date()): Date {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), startHour));
  if (typeof day === 'number') {
    date.setUTCDate(date.getUTCDate() + day);
  } else {
    const target = day === 'saturday' ? 6 : 0;
    date.setUTCDate(date.getUTCDate() + ((target - date.getUTCDay() + 7) % 7));
  }
  // An event "today" whose hour has passed starts a little later instead, so it is still to come: on the first
  // quarter hour at least 15 minutes away, today until the last quarter hour of the day.
  const earliest = Math.ceil((now.getTime() + quarterHourMs) / quarterHourMs) * quarterHourMs;
  return date.getTime() < earliest ? new Date(earliest) : date;
}

/**
 * Publishes the demo events of the seeded organisations, with covers, in the organiser's currency. In `testMode`
 * (a local instance) their door admits TEST tickets too: those a visitor buys in the sandbox.
 */
export async function seedDemoEvents(db: Db, dataDir: string, { testMode = false } = {}): Promise<number> {
  const organisations = await listOrganizationOwners(db);
  let created = 0;
  for (const seed of seedEvents) {
    const organisation = organisations.find((candidate) => candidate.name === seed.organisation);
    if (!organisation) continue;
    if (await findEventByTitle(db, organisation.id, seed.title)) continue;
    const startsAt = seedStart(seed.day, seed.startHour);
    const eventId = await insertEvent(db, organisation.id, {
      title: seed.title,
      summary: seed.summary,
      description: seed.description,
      category: seed.category,
      cover_image_key: await storeSeedImage(
        db,
        dataDir,
        organisation,
        join(coversDir, `${seed.cover}.jpg`),
        `seed/covers/${seed.cover}.jpg`,
      ),
      starts_at: startsAt,
      ends_at: new Date(startsAt.getTime() + seed.hours * hourMs),
      timezone: 'Europe/London',
      is_online: seed.venue === null,
      online_url: seed.onlineUrl ?? null,
      venue_name: seed.venue?.name ?? null,
      address: seed.venue?.address ?? null,
      city: seed.venue?.city ?? null,
      country: seed.venue ? 'United Kingdom' : null,
      latitude: seed.venue?.latitude ?? null,
      longitude: seed.venue?.longitude ?? null,
      test_mode: testMode,
    });
    await insertTicketTypes(
      db,
      eventId,
      seed.tickets.map((ticket) => ({
        name: ticket.name,
        description: '',
        price: ticket.price,
        currency: 'GBP',
        capacity: ticket.capacity,
        minPerOrder: 1,
        maxPerOrder: ticket.maxPerOrder ?? 10,
        hidden: false,
      })),
    );
    // Announced weeks ago: the demo's sales began then (seed-sales.ts).
    await updateEvent(db, eventId, { status: 'published', published_at: new Date(Date.now() - publishedDaysAgo * dayMs) });
    created += 1;
  }
  return created;
}
