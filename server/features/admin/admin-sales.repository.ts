/**
 * The admin console's lists of orders, tickets, events, payments, refunds and webhook deliveries: newest first, in
 * keyset pages (db/keyset.ts), each search served by an index (migration 0022). SQL only.
 */
import { sql } from 'kysely';
import { unmatchedWebhookOutcome } from '../../../src/contract/admin-sales.ts';
import type { OrderStatus } from '../../../src/contract/orders.ts';
import type { Executor } from '../../db/database.ts';
import { type KeysetPosition, keysetTime, pastPosition } from '../../db/keyset.ts';
import { escapeLike } from './admin-lists.repository.ts';

/** Newest first unless `oldestFirst`; either way the keyset index serves it. */
interface Sorted {
  oldestFirst?: boolean;
}
const direction = (filter: Sorted) => (filter.oldestFirst ? ('asc' as const) : ('desc' as const));
const beyond = (filter: Sorted) => (filter.oldestFirst ? ('>' as const) : ('<' as const));

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

// --- events ------------------------------------------------------------------------------------------

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

// --- payments ----------------------------------------------------------------------------------------

export function paymentsQuery(
  db: Executor,
  filter: { reference?: string; email?: string; paymentRef?: string } & Sorted,
  after: KeysetPosition | null,
  limit: number,
) {
  // The order's provider says whether it is a TEST order, as the orders list reads it.
  let query = db
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select([
      'p.id',
      'p.order_id',
      'o.reference',
      'o.buyer_email',
      'p.provider',
      'p.payment_ref',
      'p.amount',
      'o.booking_fee',
      'p.currency',
      'p.status',
      'p.failure_reason',
      'p.created_at',
      'o.provider as order_provider',
    ]);
  if (filter.reference) query = query.where('o.reference', '=', filter.reference);
  if (filter.email) query = query.where((eb) => eb(eb.fn('lower', ['o.buyer_email']), '=', filter.email?.toLowerCase() ?? ''));
  if (filter.paymentRef) query = query.where('p.payment_ref', '=', filter.paymentRef);
  if (after) query = query.where(pastPosition(['p.created_at', 'p.id'], beyond(filter), after));
  return query
    .select(keysetTime('p.created_at').as('position_at'))
    .orderBy('p.created_at', direction(filter))
    .orderBy('p.id', direction(filter))
    .limit(limit);
}

export const searchPayments = (...args: Parameters<typeof paymentsQuery>) => paymentsQuery(...args).execute();

export function searchRefunds(
  db: Executor,
  status: 'pending' | 'succeeded' | 'failed' | undefined,
  after: KeysetPosition | null,
  limit: number,
) {
  let query = db
    .selectFrom('refunds as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select([
      'r.id',
      'r.order_id',
      'o.reference',
      'r.amount',
      'r.fee_amount',
      'r.currency',
      'r.reason',
      'r.provider',
      'r.status',
      'r.attempts',
      'r.last_error',
      'r.created_at',
      'r.completed_at',
      'o.provider as order_provider',
    ]);
  if (status) query = query.where('r.status', '=', status);
  if (after) query = query.where(pastPosition(['r.created_at', 'r.id'], '<', after));
  return query
    .select(keysetTime('r.created_at').as('position_at'))
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}

/** A delivery that matched no payment of ours (payments.service.ts): the one outcome a person must look into. */
export function searchWebhooks(db: Executor, failedOnly: boolean, after: KeysetPosition | null, limit: number) {
  let query = db
    .selectFrom('payment_events')
    .select(['id', 'provider', 'provider_event_id', 'type', 'order_id', 'outcome', 'received_at']);
  if (failedOnly) query = query.where('outcome', '=', unmatchedWebhookOutcome);
  if (after) query = query.where(pastPosition(['received_at', 'id'], '<', after));
  return query
    .select(keysetTime('received_at').as('position_at'))
    .orderBy('received_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Payouts to organisers across the platform, newest first; `q` is a payout reference or part of an organiser's name. */
export function searchPayouts(db: Executor, q: string | undefined, after: KeysetPosition | null, limit: number) {
  let query = db
    .selectFrom('payouts as p')
    .innerJoin('organizations as g', 'g.id', 'p.organization_id')
    .select([
      'p.id',
      'p.reference',
      'p.organization_id',
      'g.name as organization_name',
      'p.currency',
      'p.amount',
      'p.order_count',
      'p.provider',
      'p.status',
      'p.created_at',
    ]);
  if (q) {
    query = query.where((eb) =>
      eb.or([eb('p.reference', '=', q), eb(eb.fn('lower', ['g.name']), 'like', `%${escapeLike(q.toLowerCase())}%`)]),
    );
  }
  if (after) query = query.where(pastPosition(['p.created_at', 'p.id'], '<', after));
  return query
    .select(keysetTime('p.created_at').as('position_at'))
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();
}

/** Booking fees taken and given back per currency since a time, TEST orders left out. */
export function platformFeesSince(db: Executor, since: Date) {
  return db
    .selectFrom('ledger_entries as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select([
      'l.currency',
      sql<string>`count(distinct l.order_id) filter (where l.kind = 'booking_fee')`.as('orders'),
      sql<string>`coalesce(sum(l.amount) filter (where l.kind = 'booking_fee'), 0)`.as('fees'),
      sql<string>`coalesce(-sum(l.amount) filter (where l.kind = 'booking_fee_refund'), 0)`.as('refunded'),
    ])
    .where('l.created_at', '>=', since)
    .where('o.provider', '<>', 'sandbox')
    .groupBy('l.currency')
    .orderBy('l.currency')
    .execute();
}

// --- booking fees ------------------------------------------------------------------------------------

/** The fee rules, latest start first: the platform's and every plan's, or one organiser's plan. */
export function feeRules(db: Executor, organizationId?: string) {
  let query = db
    .selectFrom('booking_fee_rules as r')
    .leftJoin('organizations as g', 'g.id', 'r.organization_id')
    .select([
      'r.id',
      'r.organization_id',
      'g.name as organization_name',
      'r.currency',
      'r.percent_basis_points',
      'r.fixed',
      'r.cap_per_ticket',
      'r.min_per_ticket',
      'r.effective_from',
      'r.created_at',
    ]);
  if (organizationId) query = query.where('r.organization_id', '=', organizationId);
  return query.orderBy('r.effective_from', 'desc').orderBy('r.created_at', 'desc').limit(200).execute();
}
