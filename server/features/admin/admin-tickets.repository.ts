/**
 * The admin console's list of tickets and what a ticket's page reads: newest first, in keyset pages (db/keyset.ts),
 * each search served by an index (migration 0022). SQL only.
 */
import type { Executor } from '../../db/database.ts';
import { type KeysetPosition, keysetTime, pastPosition } from '../../db/keyset.ts';
import { escapeLike } from './admin-lists.repository.ts';

/** Given both, `reference` and `holder` are alternatives: text that may be either a reference or part of a name. */
export interface TicketFilter {
  ticketId?: string;
  /** Normalised; found across events (the index leads with it). */
  shortCode?: string;
  reference?: string;
  holder?: string;
}

const selectTickets = (db: Executor) =>
  db
    .selectFrom('tickets as t')
    .innerJoin('orders as o', 'o.id', 't.order_id')
    .innerJoin('events as e', 'e.id', 't.event_id')
    .innerJoin('ticket_types as tt', 'tt.id', 't.ticket_type_id')
    .select([
      't.id',
      't.holder_name',
      'tt.name as type_name',
      't.status',
      't.voided_at',
      't.refunded_at',
      't.event_id',
      'e.title as event_title',
      't.order_id',
      'o.reference',
      'o.buyer_email',
      'o.provider',
      't.created_at',
    ]);

/** Tickets by id (a scanned code names it), short code, order reference or part of the holder's name; newest first. */
export function ticketsQuery(db: Executor, filter: TicketFilter, after: KeysetPosition | null, limit: number) {
  let query = selectTickets(db);
  if (filter.ticketId) query = query.where('t.id', '=', filter.ticketId);
  if (filter.shortCode) query = query.where('t.short_code', '=', filter.shortCode);
  const { reference, holder } = filter;
  const like = holder ? `%${escapeLike(holder.toLowerCase())}%` : null;
  if (reference && like) {
    query = query.where((eb) => eb.or([eb('o.reference', '=', reference), eb(eb.fn('lower', ['t.holder_name']), 'like', like)]));
  } else if (reference) query = query.where('o.reference', '=', reference);
  else if (like) query = query.where((eb) => eb(eb.fn('lower', ['t.holder_name']), 'like', like));
  if (after) query = query.where(pastPosition(['t.created_at', 't.id'], '<', after));
  return query
    .select(keysetTime('t.created_at').as('position_at'))
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(limit);
}

export const searchTickets = (db: Executor, filter: TicketFilter, after: KeysetPosition | null, limit: number) =>
  ticketsQuery(db, filter, after, limit).execute();

export const findTicketRow = (db: Executor, ticketId: string) =>
  selectTickets(db).where('t.id', '=', ticketId).executeTakeFirst();

export function revocationOf(db: Executor, ticketId: string) {
  return db
    .selectFrom('ticket_revocations')
    .select(['reason', 'revoked_at'])
    .where('ticket_id', '=', ticketId)
    .executeTakeFirst();
}

/** Every scan and undo of the ticket, from every door device, in the order they happened. */
export function checkinsOf(db: Executor, ticketId: string) {
  return db
    .selectFrom('checkins as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'c.id',
      'c.kind',
      'c.scanned_at',
      'c.received_at',
      'c.device_id',
      'c.device_name',
      'u.email as scanned_by',
      'c.direction',
      'c.manual',
      'c.result',
      'c.offline_result',
    ])
    .where('c.ticket_id', '=', ticketId)
    .orderBy('c.scanned_at')
    .orderBy('c.id')
    .limit(500)
    .execute();
}
