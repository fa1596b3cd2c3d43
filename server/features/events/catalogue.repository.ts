import { type SelectQueryBuilder, sql } from 'kysely';
import type { CatalogueWhen } from '../../../src/contract/catalogue-terms.ts';
import type { Executor } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { listingColumns } from '../../lib/event-card.ts';
import { type EventSearch, matchesSearch, nearWordCount } from './event-search.repository.ts';

export interface CatalogueFilter {
  /** Typed words, prepared by `prepareSearch`. */
  search?: EventSearch;
  category?: string;
  /** Matched whatever its case. */
  city?: string;
  /** A named range, or calendar days (YYYY-MM-DD), each read in the event's own time zone. */
  when?: CatalogueWhen;
  fromDay?: string;
  toDay?: string;
  now: Date;
}

/**
 * A page boundary: the start (text, to the microsecond) and id of the event on the edge, and in a search how many
 * typed words it has only nearly (events with them all exactly come first).
 */
export interface CatalogueKey {
  startsAt: string;
  id: string;
  near: number;
}

// biome-ignore lint/complexity/noBannedTypes: the catalogue's base query selects nothing yet
type Base = SelectQueryBuilder<Database, 'events' | 'organizations', {}>;

/** The calendar day an instant falls on where the event happens. */
const localDay = (column: 'starts_at' | 'ends_at') => sql`(${sql.ref(`events.${column}`)} at time zone events.timezone)::date`;

/** Published events not yet over that match the filter: the catalogue never shows drafts, cancelled or past events. */
function matching(db: Executor, filter: CatalogueFilter): Base {
  let base = db
    .selectFrom('events')
    .innerJoin('organizations', 'organizations.id', 'events.organization_id')
    .where('events.status', '=', 'published')
    // A suspended organisation sells nothing, so the catalogue does not offer its events.
    .where('organizations.suspended_at', 'is', null)
    .where('events.ends_at', '>', filter.now);
  if (filter.category) base = base.where('events.category', '=', filter.category);
  if (filter.city) base = base.where(sql<boolean>`lower(btrim(events.city)) = lower(${filter.city})`);
  if (filter.search) base = base.where(matchesSearch(filter.search));
  const today = sql`(${filter.now.toISOString()}::timestamptz at time zone events.timezone)::date`;
  const weekday = sql`extract(isodow from ${today})::int`;
  let first: ReturnType<typeof sql> | null = null;
  let last: ReturnType<typeof sql> | null = null;
  if (filter.when === 'today') {
    first = today;
    last = today;
  } else if (filter.when === 'weekend') {
    // Friday to Sunday of this week; from today once the weekend has begun (1 Monday … 7 Sunday).
    first = sql`${today} + greatest(5 - ${weekday}, 0)`;
    last = sql`${today} + (7 - ${weekday})`;
  } else {
    if (filter.fromDay) first = sql`${filter.fromDay}::date`;
    if (filter.toDay) last = sql`${filter.toDay}::date`;
  }
  // An event is on a day when it starts by the day's end and ends after its start, in its own time zone.
  if (last) base = base.where(sql<boolean>`${localDay('starts_at')} <= ${last}`);
  if (first) base = base.where(sql<boolean>`${localDay('ends_at')} >= ${first}`);
  return base;
}

/** The key's text: `<start>_<id>`, with `_<near words>` after it when there are some (see `isPageKey`). */
const keyText = (near: ReturnType<typeof nearWordCount>) =>
  sql<string>`to_char(events.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || events.id
    || case when ${near} > 0 then '_' || ${near} else '' end`;

const beyond = (direction: '>' | '<', key: CatalogueKey, search: EventSearch | undefined) =>
  search
    ? sql<boolean>`(${nearWordCount(search)}, events.starts_at, events.id) ${sql.raw(direction)} (${key.near}::int, ${key.startsAt}::timestamptz, ${key.id}::uuid)`
    : sql<boolean>`(events.starts_at, events.id) ${sql.raw(direction)} (${key.startsAt}::timestamptz, ${key.id}::uuid)`;

/** Whether any matching event lies beyond the key in that direction. */
async function anyBeyond(base: Base, direction: '>' | '<', key: CatalogueKey, search: EventSearch | undefined): Promise<boolean> {
  const row = await base
    .select('events.id')
    .where(beyond(direction, key, search))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A key as the page links carry it (see `isPageKey`). */
export const parseCatalogueKey = (text: string): CatalogueKey => {
  const [startsAt = '', id = '', near = '0'] = text.split('_');
  return { startsAt, id, near: Number(near) };
};

/**
 * One page of the catalogue, soonest first, cut by (start, id) rather than by offset: `after` reads
 * forwards from a key, `before` backwards. Returns the keys of the neighbouring pages when they exist.
 */
export async function catalogueRows(
  db: Executor,
  filter: CatalogueFilter,
  page: { after?: CatalogueKey; before?: CatalogueKey; limit: number },
) {
  const base = matching(db, filter);
  const { search } = filter;
  const near = search ? nearWordCount(search) : sql<number>`0`;
  const forwards = page.before === undefined;
  let rows = base
    .selectAll('events')
    .select([...listingColumns(), sql<number | null>`null`.as('distance_km'), keyText(near).as('page_key')]);
  const from = page.after ?? page.before;
  if (from) rows = rows.where(beyond(forwards ? '>' : '<', from, search));
  const order = forwards ? 'asc' : 'desc';
  // In a search, events with every typed word exactly come first, each part soonest first.
  if (search) rows = rows.orderBy(near, order);
  const fetched = await rows
    .orderBy('events.starts_at', order)
    .orderBy('events.id', order)
    .limit(page.limit + 1)
    .execute();
  const more = fetched.length > page.limit;
  const items = fetched.slice(0, page.limit);
  if (!forwards) items.reverse();
  const first = items[0]?.page_key;
  const last = items.at(-1)?.page_key;
  const next = forwards
    ? more
      ? last
      : null
    : last && (await anyBeyond(base, '>', parseCatalogueKey(last), search))
      ? last
      : null;
  const previous = !forwards
    ? more
      ? first
      : null
    : first && from && (await anyBeyond(base, '<', parseCatalogueKey(first), search))
      ? first
      : null;
  const total = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  return { items, total: Number(total.total), next: next ?? null, previous: previous ?? null };
}

/**
 * The cities with the most matching events (every filter but the city), most first, then by name; the
 * spelling shown is the most used one of each city.
 */
export async function catalogueCities(db: Executor, filter: CatalogueFilter, limit: number) {
  const rows = await matching(db, { ...filter, city: undefined })
    .where('events.city', 'is not', null)
    .where(sql<boolean>`btrim(events.city) <> ''`)
    .select([
      sql<string>`mode() within group (order by btrim(events.city))`.as('name'),
      (eb) => eb.fn.countAll<string>().as('events'),
    ])
    .groupBy(sql`lower(btrim(events.city))`)
    .orderBy(sql`count(*)`, 'desc')
    .orderBy(sql`lower(btrim(events.city))`)
    .limit(limit)
    .execute();
  return rows.map((row) => ({ name: row.name, events: Number(row.events) }));
}
