import { sql, type Transaction } from 'kysely';
import type { Db, Executor } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';

// The waiting lists' tables (migration 0044, decision 063): the organiser's settings and people's places. Every write
// happens with the event's row locked (lockEvent), so an event's list changes one transaction at a time.

export const entryColumns = [
  'e.id',
  'e.event_id',
  'e.ticket_type_id',
  'e.email',
  'e.name',
  'e.user_id',
  'e.quantity',
  'e.status',
  'e.queued_at',
  'e.offered_quantity',
  'e.offered_at',
  'e.offer_expires_at',
  'e.order_id',
  'e.created_at',
] as const;

export type EntryRow = NonNullable<Awaited<ReturnType<typeof entryOf>>>;

/** The event as a list's mails and pages name it, its row locked against sales and other changes of its list. */
export async function lockEvent(trx: Transaction<Database>, eventId: string) {
  return trx
    .selectFrom('events as ev')
    .innerJoin('organizations as o', 'o.id', 'ev.organization_id')
    .select([
      'ev.id',
      'ev.title',
      'ev.status',
      'ev.starts_at',
      'ev.ends_at',
      'ev.timezone',
      'ev.venue_name',
      'ev.city',
      'ev.organization_id',
      'o.name as organizer_name',
    ])
    .where('ev.id', '=', eventId)
    .forNoKeyUpdate('ev')
    .executeTakeFirst();
}
export type ListEvent = NonNullable<Awaited<ReturnType<typeof lockEvent>>>;

/** Orders priced while the queue was empty (or not) are priced again: its first person joined, or its last left it. */
export async function moveSaleVersion(trx: Transaction<Database>, eventId: string): Promise<void> {
  await trx
    .updateTable('events')
    .set((eb) => ({ sale_version: eb('sale_version', '+', 1) }))
    .where('id', '=', eventId)
    .execute();
}

export interface Settings {
  enabled: boolean;
  automatic: boolean;
  offer_hours: number;
}

export const defaultSettings: Settings = { enabled: false, automatic: true, offer_hours: 24 };

export async function settingsOf(db: Executor, eventId: string): Promise<Settings> {
  const row = await db
    .selectFrom('waiting_lists')
    .select(['enabled', 'automatic', 'offer_hours'])
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row ?? defaultSettings;
}

export async function saveSettings(trx: Transaction<Database>, eventId: string, settings: Settings): Promise<void> {
  await trx
    .insertInto('waiting_lists')
    .values({ event_id: eventId, ...settings })
    .onConflict((oc) => oc.column('event_id').doUpdateSet({ ...settings, updated_at: new Date() }))
    .execute();
}

/** Types with people in the queue. */
export async function queuedTypeIds(trx: Executor, eventId: string): Promise<Set<string>> {
  const rows = await trx
    .selectFrom('waiting_list_entries')
    .select('ticket_type_id')
    .distinct()
    .where('event_id', '=', eventId)
    .where('status', '=', 'waiting')
    .execute();
  return new Set(rows.map((row) => row.ticket_type_id));
}

export function entryOf(db: Executor, entryId: string) {
  return db.selectFrom('waiting_list_entries as e').select(entryColumns).where('e.id', '=', entryId).executeTakeFirst();
}

export function entryById(db: Executor, eventId: string, entryId: string) {
  return db
    .selectFrom('waiting_list_entries as e')
    .select(entryColumns)
    .where('e.id', '=', entryId)
    .where('e.event_id', '=', eventId)
    .executeTakeFirst();
}

/** A person's live place on a type's list (unconfirmed, waiting or offered), if they have one. */
export function liveEntryOf(db: Executor, ticketTypeId: string, email: string) {
  return db
    .selectFrom('waiting_list_entries as e')
    .select(entryColumns)
    .where('e.ticket_type_id', '=', ticketTypeId)
    .where('e.email', '=', email)
    .where('e.status', 'in', ['unconfirmed', 'waiting', 'offered'])
    .executeTakeFirst();
}

export async function insertEntry(
  trx: Transaction<Database>,
  values: {
    event_id: string;
    ticket_type_id: string;
    email: string;
    name: string;
    user_id: string | null;
    quantity: number;
    status: 'waiting' | 'unconfirmed';
  },
) {
  return trx
    .insertInto('waiting_list_entries')
    .values({ ...values, queued_at: values.status === 'waiting' ? sql<Date>`clock_timestamp()` : null })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

/** A guest's place once their email is proven: in the queue from now. */
export async function queueEntry(trx: Transaction<Database>, entryId: string): Promise<boolean> {
  const row = await trx
    .updateTable('waiting_list_entries')
    .set({ status: 'waiting', queued_at: sql<Date>`clock_timestamp()`, updated_at: new Date() })
    .where('id', '=', entryId)
    .where('status', '=', 'unconfirmed')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The queue's place of a waiting entry among its type's (1 = next). */
export async function positionOf(db: Executor, entry: { id: string; ticket_type_id: string; queued_at: Date | null }) {
  if (entry.queued_at === null) return null;
  const row = await db
    .selectFrom('waiting_list_entries')
    .select((eb) => eb.fn.countAll<string>().as('ahead'))
    .where('ticket_type_id', '=', entry.ticket_type_id)
    .where('status', '=', 'waiting')
    .where(sql<boolean>`(queued_at, id) < (${entry.queued_at}::timestamptz, ${entry.id}::uuid)`)
    .executeTakeFirstOrThrow();
  return Number(row.ahead) + 1;
}

/** The event's queue in arrival order, locked: the places that come back are offered down it. */
export function queueOf(trx: Transaction<Database>, eventId: string) {
  return trx
    .selectFrom('waiting_list_entries as e')
    .select(entryColumns)
    .where('e.event_id', '=', eventId)
    .where('e.status', '=', 'waiting')
    .orderBy('e.queued_at')
    .orderBy('e.id')
    .forUpdate()
    .execute();
}

/** Offers of the event whose time ran out, marked lapsed; answers what each held. */
export function lapseOffers(trx: Transaction<Database>, eventId: string) {
  return trx
    .updateTable('waiting_list_entries')
    .set({ status: 'lapsed', updated_at: new Date() })
    .where('event_id', '=', eventId)
    .where('status', '=', 'offered')
    .where('offer_expires_at', '<=', sql<Date>`now()`)
    .returning(['id', 'ticket_type_id', 'offered_quantity'])
    .execute();
}

/** An entry in the queue given an offer of `quantity` places until `hours` from now. */
export async function markOffered(trx: Transaction<Database>, entryId: string, quantity: number, hours: number) {
  return trx
    .updateTable('waiting_list_entries')
    .set({
      status: 'offered',
      offered_quantity: quantity,
      offered_at: sql<Date>`now()`,
      offer_expires_at: sql<Date>`now() + make_interval(hours => ${hours}::int)`,
      updated_at: new Date(),
    })
    .where('id', '=', entryId)
    .where('status', '=', 'waiting')
    .returning(['offer_expires_at'])
    .executeTakeFirst();
}

/** An entry that leaves the list (`left`) or is taken off it (`removed`), from wherever it stood. */
export async function endEntry(trx: Transaction<Database>, entryId: string, status: 'left' | 'removed') {
  return trx
    .updateTable('waiting_list_entries')
    .set({ status, updated_at: new Date() })
    .where('id', '=', entryId)
    .where('status', 'in', ['unconfirmed', 'waiting', 'offered'])
    .returning(['id'])
    .executeTakeFirst();
}

/** A live entry, locked. */
export function lockEntry(trx: Transaction<Database>, entryId: string) {
  return trx
    .selectFrom('waiting_list_entries as e')
    .select(entryColumns)
    .where('e.id', '=', entryId)
    .forUpdate()
    .executeTakeFirst();
}

/** Events with offers that ran out or people in a queue: the sweeper settles each. */
export function eventsToSettle(db: Db, limit: number) {
  return db
    .selectFrom('waiting_list_entries')
    .select('event_id')
    .distinct()
    .where((eb) =>
      eb.or([
        eb('status', '=', 'waiting'),
        eb.and([eb('status', '=', 'offered'), eb('offer_expires_at', '<=', sql<Date>`now()`)]),
      ]),
    )
    .limit(limit)
    .execute();
}

/** The event's list for its organiser: the live entries in queue order, then the latest others. */
export function entriesOfEvent(db: Executor, eventId: string, limit: number) {
  return db
    .selectFrom('waiting_list_entries as e')
    .innerJoin('ticket_types as t', 't.id', 'e.ticket_type_id')
    .select([...entryColumns, 't.name as ticket_type_name'])
    .where('e.event_id', '=', eventId)
    .orderBy(sql`case e.status when 'offered' then 0 when 'waiting' then 1 when 'unconfirmed' then 2 else 3 end`)
    .orderBy(sql`case when e.status in ('offered', 'waiting') then e.queued_at end`)
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id')
    .limit(limit)
    .execute();
}

/** Per type: people waiting and the tickets they want, offers outstanding and the places they hold. */
export function countsOfEvent(db: Executor, eventId: string) {
  return db
    .selectFrom('waiting_list_entries')
    .select([
      'ticket_type_id',
      sql<number>`count(*) filter (where status = 'waiting')::int`.as('waiting'),
      sql<number>`coalesce(sum(quantity) filter (where status = 'waiting'), 0)::int`.as('waiting_tickets'),
      sql<number>`count(*) filter (where status = 'offered')::int`.as('offered'),
      sql<number>`coalesce(sum(offered_quantity) filter (where status = 'offered'), 0)::int`.as('offered_tickets'),
    ])
    .where('event_id', '=', eventId)
    .where('status', 'in', ['waiting', 'offered'])
    .groupBy('ticket_type_id')
    .execute();
}

/** The statement that takes an offer for an order in its transaction, or refuses it (see WaitingOffers.takeQuery). */
export function takeOfferQuery(db: Db, offer: { id: string; email: string }, orderId: string) {
  return sql`with used as (
      update waiting_list_entries set status = 'accepted', order_id = ${orderId}::uuid, updated_at = now()
      where id = ${offer.id}::uuid and email = ${offer.email} and status = 'offered' and offer_expires_at > now()
      returning id)
    select case when exists (select 1 from used) then true else admit_refuse('offer_lapsed', '') end as taken`.compile(db);
}
