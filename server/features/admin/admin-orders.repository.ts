/**
 * The admin console's lists of orders and tickets and what an order's or a ticket's page reads: newest first, in
 * keyset pages (db/keyset.ts), each search served by an index (migration 0022). SQL only.
 */
import type { OrderStatus } from '../../../src/contract/orders.ts';
import type { Executor } from '../../db/database.ts';
import { type KeysetPosition, keysetTime, pastPosition } from '../../db/keyset.ts';
import { beyond, direction, escapeLike, type Sorted } from './admin-lists.repository.ts';

export interface OrderFilter extends Sorted {
  reference?: string;
  email?: string;
  status?: OrderStatus;
  eventId?: string;
  from?: Date;
  to?: Date;
}

const orderListColumns = [
  'o.id',
  'o.reference',
  'o.status',
  'o.buyer_name',
  'o.buyer_email',
  'o.event_id',
  'e.title as event_title',
  'o.currency',
  'o.total',
  'o.refunded',
  'o.provider',
  'o.created_at',
] as const;

/** Orders across the platform, newest first, filtered (the statement; searchOrders runs it). */
export function ordersQuery(db: Executor, filter: OrderFilter, after: KeysetPosition | null, limit: number) {
  let query = db.selectFrom('orders as o').innerJoin('events as e', 'e.id', 'o.event_id').select(orderListColumns);
  if (filter.reference) query = query.where('o.reference', '=', filter.reference);
  if (filter.email) query = query.where((eb) => eb(eb.fn('lower', ['o.buyer_email']), '=', filter.email?.toLowerCase() ?? ''));
  if (filter.status) query = query.where('o.status', '=', filter.status);
  if (filter.eventId) query = query.where('o.event_id', '=', filter.eventId);
  if (filter.from) query = query.where('o.created_at', '>=', filter.from);
  if (filter.to) query = query.where('o.created_at', '<', filter.to);
  if (after) query = query.where(pastPosition(['o.created_at', 'o.id'], beyond(filter), after));
  return query
    .select(keysetTime('o.created_at').as('position_at'))
    .orderBy('o.created_at', direction(filter))
    .orderBy('o.id', direction(filter))
    .limit(limit);
}

export const searchOrders = (db: Executor, filter: OrderFilter, after: KeysetPosition | null, limit: number) =>
  ordersQuery(db, filter, after, limit).execute();

export function organisationNameOfEvent(db: Executor, eventId: string) {
  return db
    .selectFrom('events as e')
    .innerJoin('organizations as g', 'g.id', 'e.organization_id')
    .select(['g.id', 'g.name'])
    .where('e.id', '=', eventId)
    .executeTakeFirst();
}

/** The mails sent to the buyer about this order: the order mails name its reference in their subject. */
export function mailsOfOrder(db: Executor, order: { buyer_email: string; reference: string; created_at: Date | string }) {
  return db
    .selectFrom('mail_outbox')
    .select(['created_at', 'subject', 'to_address', 'sent_at', 'last_error'])
    .where('to_address', '=', order.buyer_email)
    .where('created_at', '>=', new Date(order.created_at))
    .where('subject', 'like', `%${escapeLike(order.reference)}%`)
    .orderBy('created_at')
    .limit(50)
    .execute();
}

/** The audit entries about one object, oldest first. */
export function auditOf(db: Executor, subjectType: string, subjectId: string) {
  return db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .select([
      'a.id',
      'a.created_at',
      'a.actor_id',
      'u.email as actor_email',
      'a.action',
      'a.subject_type',
      'a.subject_id',
      'a.details',
    ])
    .where('a.subject_type', '=', subjectType)
    .where('a.subject_id', '=', subjectId)
    .orderBy('a.created_at')
    .limit(200)
    .execute();
}

// --- tickets -----------------------------------------------------------------------------------------

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
