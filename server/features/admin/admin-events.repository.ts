/** The admin console's events: every event with its sales, and what moderating one reads. SQL only. */
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { type KeysetPosition, keysetTime, pastPosition } from '../../db/keyset.ts';
import { beyond, direction, escapeLike, type Sorted } from './admin-lists.repository.ts';

export interface EventFilter extends Sorted {
  id?: string;
  words?: string;
  status?: 'draft' | 'published' | 'cancelled' | 'suspended' | 'featured';
}

/** Every event with its organisation, newest first; tickets sold and capacity come from its ticket types. */
export function eventsQuery(db: Executor, filter: EventFilter, after: KeysetPosition | null, limit: number) {
  let query = db
    .selectFrom('events as e')
    .innerJoin('organizations as g', 'g.id', 'e.organization_id')
    .select((eb) => [
      'e.id',
      'e.title',
      'e.organization_id',
      'g.name as organisation_name',
      'e.status',
      'e.starts_at',
      'e.created_at',
      'e.featured_at',
      'e.suspended_at',
      'e.suspension_reason',
      eb
        .selectFrom('ticket_types as tt')
        .select(sql<string>`coalesce(sum(tt.capacity), 0)`.as('c'))
        .whereRef('tt.event_id', '=', 'e.id')
        .as('capacity'),
      eb
        .selectFrom('tickets as t')
        .select(sql<string>`count(*)`.as('n'))
        .whereRef('t.event_id', '=', 'e.id')
        .where('t.status', '=', 'valid')
        .as('sold'),
    ]);
  if (filter.words) {
    const like = `%${escapeLike(filter.words.toLowerCase())}%`;
    query = query.where((eb) =>
      eb.or([eb(eb.fn('lower', ['e.title']), 'like', like), eb(eb.fn('lower', ['g.name']), 'like', like)]),
    );
  }
  if (filter.id) query = query.where('e.id', '=', filter.id);
  if (filter.status === 'suspended') query = query.where('e.suspended_at', 'is not', null);
  else if (filter.status === 'featured') query = query.where('e.featured_at', 'is not', null);
  else if (filter.status) query = query.where('e.status', '=', filter.status);
  if (after) query = query.where(pastPosition(['e.created_at', 'e.id'], beyond(filter), after));
  return query
    .select(keysetTime('e.created_at').as('position_at'))
    .orderBy('e.created_at', direction(filter))
    .orderBy('e.id', direction(filter))
    .limit(limit);
}

export const searchEvents = (db: Executor, filter: EventFilter, after: KeysetPosition | null, limit: number) =>
  eventsQuery(db, filter, after, limit).execute();

/** Paid orders' money per event and currency, TEST orders left out. */
export function salesOfEvents(db: Executor, eventIds: string[]) {
  if (eventIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('orders')
    .select((eb) => ['event_id', 'currency', eb.fn.sum<string>(eb('total', '-', eb.ref('refunded'))).as('amount')])
    .where('event_id', 'in', eventIds)
    .where('status', 'in', ['paid', 'partially_refunded'])
    .where('provider', '<>', 'sandbox')
    .groupBy(['event_id', 'currency'])
    .execute();
}

export function eventForModeration(db: Executor, eventId: string) {
  return db
    .selectFrom('events as e')
    .innerJoin('organizations as g', 'g.id', 'e.organization_id')
    .select([
      'e.id',
      'e.title',
      'e.status',
      'e.featured_at',
      'e.suspended_at',
      'e.suspension_reason',
      'e.organization_id',
      'g.name as organisation_name',
    ])
    .where('e.id', '=', eventId)
    .executeTakeFirst();
}

/** The addresses of the organisation's owners and managers: who is told of a moderation. */
export function organiserContacts(db: Executor, organizationId: string) {
  return db
    .selectFrom('organization_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.email', 'u.first_name'])
    .where('m.organization_id', '=', organizationId)
    .where('m.role', 'in', ['owner', 'manager'])
    .execute();
}
