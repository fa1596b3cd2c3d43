/**
 * The admin console's money: payments, refunds, webhook deliveries and payouts, newest first in keyset pages
 * (db/keyset.ts), and the platform's booking fees. SQL only.
 */
import { sql } from 'kysely';
import { unmatchedWebhookOutcome } from '../../../src/contract/admin-sales.ts';
import type { Executor } from '../../db/database.ts';
import { type KeysetPosition, keysetTime, pastPosition } from '../../db/keyset.ts';
import { beyond, direction, escapeLike, type Sorted } from './admin-lists.repository.ts';

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
