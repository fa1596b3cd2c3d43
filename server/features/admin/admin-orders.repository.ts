/**
 * The admin console's list of orders and what an order's page reads: newest first, in keyset pages (db/keyset.ts),
 * each search served by an index (migration 0022). SQL only; tickets are admin-tickets.repository.ts's.
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
