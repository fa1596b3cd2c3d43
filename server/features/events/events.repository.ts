import { sql, type Transaction } from 'kysely';
import type { EventListQuery, TicketTypeInput } from '../../../src/contract/events.ts';
import type { Executor } from '../../db/database.ts';
import type { Database, EventStatus } from '../../db/types.ts';
import { listingColumns } from '../../lib/event-card.ts';
import { heldForType } from '../../lib/held-tickets.ts';
import { addSearchWords, matchesSearch, nearWordCount, prepareSearch, searchRank } from './event-search.repository.ts';

export interface EventValues {
  title: string;
  summary: string;
  description: string;
  category: string;
  cover_image_key: string | null;
  starts_at: Date;
  ends_at: Date;
  timezone: string;
  is_online: boolean;
  online_url: string | null;
  venue_name: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
  test_mode?: boolean;
  buyer_cancellation?: boolean;
  transfer_cutoff_hours?: number | null;
  /** JSON text of the policy (decision 067). */
  refund_policy?: string | null;
}

export async function insertEvent(db: Executor, organizationId: string, values: EventValues): Promise<string> {
  const row = await db
    .insertInto('events')
    .values({ organization_id: organizationId, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  await addSearchWords(db, row.id);
  return row.id;
}

/** The columns `events.search` is made of: a change to any of them may bring new words to the vocabulary. */
const searchedColumns = ['title', 'summary', 'description', 'category', 'city', 'venue_name'] as const;

export async function updateEvent(
  db: Executor,
  id: string,
  values: Partial<EventValues> & { status?: EventStatus; published_at?: Date | null },
) {
  await db
    .updateTable('events')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
  if (searchedColumns.some((column) => values[column] !== undefined)) await addSearchWords(db, id);
}

const ticketTypeRow = (eventId: string, type: TicketTypeInput, sortOrder: number) => ({
  event_id: eventId,
  name: type.name,
  description: type.description,
  price: type.price,
  currency: type.currency,
  capacity: type.capacity,
  min_per_order: type.minPerOrder,
  max_per_order: type.maxPerOrder,
  sales_start: type.salesStart ? new Date(type.salesStart) : null,
  sales_end: type.salesEnd ? new Date(type.salesEnd) : null,
  hidden: type.hidden,
  sort_order: sortOrder,
});

export async function insertTicketTypes(db: Executor, eventId: string, types: TicketTypeInput[]): Promise<void> {
  if (types.length === 0) return;
  await db
    .insertInto('ticket_types')
    .values(types.map((type, index) => ticketTypeRow(eventId, type, index)))
    .execute();
}

/** Lock the event's ticket types while they are replaced, so sales and edits never interleave. */
export function lockTicketTypes(trx: Transaction<Database>, eventId: string) {
  return trx.selectFrom('ticket_types').select(['id', 'taken', 'capacity']).where('event_id', '=', eventId).forUpdate().execute();
}

export async function updateTicketType(db: Executor, eventId: string, type: TicketTypeInput & { id: string }, sortOrder: number) {
  const { event_id: _eventId, ...values } = ticketTypeRow(eventId, type, sortOrder);
  await db.updateTable('ticket_types').set(values).where('id', '=', type.id).where('event_id', '=', eventId).execute();
}

export async function deleteTicketTypes(db: Executor, ids: string[]): Promise<void> {
  if (ids.length) await db.deleteFrom('ticket_types').where('id', 'in', ids).execute();
}

export function findEventRow(db: Executor, id: string) {
  return db
    .selectFrom('events')
    .innerJoin('organizations', 'organizations.id', 'events.organization_id')
    .selectAll('events')
    .select(['organizations.name as organization_name', 'organizations.city as organization_city', 'organizations.kyc_status'])
    .where('events.id', '=', id)
    .executeTakeFirst();
}
export type EventRow = NonNullable<Awaited<ReturnType<typeof findEventRow>>>;

/**
 * The event's row locked until the transaction ends, with what its status rules read: a publish, a
 * change of ticket types and a cancellation of the same event wait for each other and see each
 * other's outcome.
 */
export function lockEventRow(trx: Transaction<Database>, id: string) {
  return trx
    .selectFrom('events')
    .innerJoin('organizations', 'organizations.id', 'events.organization_id')
    .select([
      'events.status',
      'events.starts_at',
      'events.ends_at',
      'events.suspended_at',
      'events.suspension_reason',
      'organizations.kyc_status',
      'organizations.payouts_enabled',
    ])
    .where('events.id', '=', id)
    .forUpdate('events')
    .executeTakeFirstOrThrow();
}

/** The organisation's event with this title, if any. */
export function findEventByTitle(db: Executor, organizationId: string, title: string) {
  return db
    .selectFrom('events')
    .select('id')
    .where('title', '=', title)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

/** Whether any order of the event holds money that was paid and not yet given back. */
export async function hasPaidOrders(db: Executor, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('event_id', '=', eventId)
    .where('status', 'in', ['paid', 'partially_refunded'])
    .whereRef('total', '>', 'refunded')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** An event's ticket types, each with `held` (see heldForType); the rest of `taken` is sold. */
export function ticketTypesOf(db: Executor, eventId: string) {
  return db
    .selectFrom('ticket_types')
    .selectAll()
    .select(heldForType().as('held'))
    .where('event_id', '=', eventId)
    .orderBy('sort_order')
    .orderBy('created_at')
    .execute();
}
export type TicketTypeRow = Awaited<ReturnType<typeof ticketTypesOf>>[number];

const earthRadiusKm = 6371;

/** Great-circle distance in km from a point, in SQL (no extension needed). */
function distanceKm(lat: number, lng: number) {
  return sql<number>`${2 * earthRadiusKm} * asin(sqrt(
    power(sin(radians(events.latitude - ${lat}) / 2), 2) +
    cos(radians(${lat})) * cos(radians(events.latitude)) * power(sin(radians(events.longitude - ${lng}) / 2), 2)
  ))`;
}

export interface ListOptions {
  /** Statuses to include; the public listing shows published events only. */
  statuses: EventStatus[];
  /** The public listings: a suspended organisation's events are not offered (its own members still see them). */
  publicOnly?: boolean;
  now: Date;
}

/** One page of events for a listing or a search, with the cheapest visible price and availability. */
export async function listEventRows(db: Executor, query: EventListQuery, options: ListOptions) {
  const near = query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : null;
  const search = query.q?.trim() ? await prepareSearch(db, query.q.trim()) : null;
  let base = db
    .selectFrom('events')
    .innerJoin('organizations', 'organizations.id', 'events.organization_id')
    .where('events.status', 'in', options.statuses);
  if (options.publicOnly) base = base.where('organizations.suspended_at', 'is', null);
  if (!query.includePast) base = base.where('events.ends_at', '>', options.now);
  if (query.from) base = base.where('events.ends_at', '>=', new Date(query.from));
  if (query.to) base = base.where('events.starts_at', '<=', new Date(query.to));
  if (query.category) base = base.where('events.category', '=', query.category);
  if (query.city) base = base.where(sql`lower(events.city)`, '=', query.city.toLowerCase());
  if (query.online !== undefined) base = base.where('events.is_online', '=', query.online);
  if (query.organizationId) base = base.where('events.organization_id', '=', query.organizationId);
  if (search) base = base.where(matchesSearch(search));
  if (near) base = base.where('events.latitude', 'is not', null).where(distanceKm(near.lat, near.lng), '<=', query.radiusKm);
  if (query.price) {
    const paid = sql<boolean>`exists (select 1 from ticket_types t where t.event_id = events.id and not t.hidden and t.price > 0)`;
    base = base.where(query.price === 'paid' ? paid : sql<boolean>`not ${paid}`);
  }

  // The total rides along as a window count: one query per page instead of two.
  let rows = base
    .selectAll('events')
    .select([
      ...listingColumns(),
      (near ? distanceKm(near.lat, near.lng) : sql<number | null>`null`).as('distance_km'),
      sql<string>`count(*) over ()`.as('total_count'),
    ]);
  // Events with every typed word exactly come before those found through a near word, whatever the sort.
  if (search) rows = rows.orderBy(nearWordCount(search));
  if (search && query.sort === 'relevance') rows = rows.orderBy(searchRank(search), 'desc');
  const items = await rows
    // Events an administrator featured come first (migration 0022), then by start.
    .orderBy(sql`events.featured_at is null`)
    .orderBy('events.starts_at', 'asc')
    .orderBy('events.id')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  if (items.length > 0 || query.page === 1) return { items, total: Number(items[0]?.total_count ?? 0) };
  // Past the last page the window has no rows to ride on.
  const totalRow = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  return { items, total: Number(totalRow.total) };
}

/**
 * Tickets sold and total capacity per event (every ticket type, hidden ones too), for the organiser's list: the event's
 * own capacity when it has one below what its types add up to (decision 061).
 */
export async function salesByEvent(db: Executor, eventIds: string[]): Promise<Map<string, { sold: number; capacity: number }>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('ticket_types')
    .select([
      'event_id',
      sql<string>`sum(taken - ${heldForType()})`.as('sold'),
      sql<string>`least(sum(capacity), (select q.capacity from capacity_quotas q
        where q.event_id = ticket_types.event_id and q.all_types))`.as('capacity'),
    ])
    .where('event_id', 'in', eventIds)
    .groupBy('event_id')
    .execute();
  return new Map(rows.map((row) => [row.event_id, { sold: Number(row.sold), capacity: Number(row.capacity) }]));
}

/** Adds tallied views of events' public pages to their days' counters: one upsert for all of them. */
export async function addPageViews(db: Executor, rows: Array<{ eventId: string; day: string; views: number }>): Promise<void> {
  await db
    .insertInto('event_page_views')
    .values(rows.map((row) => ({ event_id: row.eventId, day: row.day, views: row.views })))
    .onConflict((oc) => oc.columns(['event_id', 'day']).doUpdateSet({ views: sql`event_page_views.views + excluded.views` }))
    .execute();
}
