import { sql, type Transaction } from 'kysely';
import type { OrderStatus, PaymentProviderName } from '../../../../src/contract/orders.ts';
import type { Db, Executor } from '../../../db/database.ts';
import type { Database } from '../../../db/types.ts';

/**
 * The order's tickets whose money has not gone back, with what was paid for each: the valid ones, and those an
 * administrator voided (a void moves no money). In the order's ticket order.
 */
export function unrefundedTicketsOf(db: Executor, orderId: string) {
  return db
    .selectFrom('tickets')
    .select(['id', 'ticket_type_id', 'unit_price', 'unit_fee', 'status'])
    .where('order_id', '=', orderId)
    .where('refunded_at', 'is', null)
    .orderBy('position')
    .execute();
}

/** These tickets' money went back (they are voided by then): how many were marked now, none twice. */
export async function markTicketsRefunded(trx: Transaction<Database>, ticketIds: string[]): Promise<number> {
  if (ticketIds.length === 0) return 0;
  const result = await trx
    .updateTable('tickets')
    .set({ refunded_at: new Date() })
    .where('id', 'in', ticketIds)
    .where('status', '=', 'voided')
    .where('refunded_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The provider's reference of the order's latest captured payment, for refunding it. */
export async function capturedPaymentRef(trx: Transaction<Database>, orderId: string): Promise<string | null> {
  const payment = await trx
    .selectFrom('payments')
    .select('payment_ref')
    .where('order_id', '=', orderId)
    .where('status', '=', 'succeeded')
    .orderBy('updated_at', 'desc')
    .executeTakeFirst();
  return payment?.payment_ref ?? null;
}

export interface NewRefund {
  order_id: string;
  amount: number;
  fee_amount: number;
  currency: string;
  reason: string;
  /** JSON array of ticket ids. */
  ticket_ids: string;
  actor_id: string | null;
  idempotency_key: string;
  request_hash: string;
  provider: PaymentProviderName;
  payment_ref: string | null;
}

/** A refund to carry out at the provider; its id. */
export async function insertRefund(trx: Transaction<Database>, refund: NewRefund): Promise<string> {
  const row = await trx.insertInto('refunds').values(refund).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** A refund of the order asked for with this Idempotency-Key before, if any. */
export function refundByKey(trx: Transaction<Database>, orderId: string, idempotencyKey: string) {
  return trx
    .selectFrom('refunds')
    .select(['id', 'request_hash'])
    .where('order_id', '=', orderId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

/** The event's orders in one of these statuses, in id order (the order every writer locks them in). */
export function orderIdsOfEvent(trx: Transaction<Database>, eventId: string, statuses: OrderStatus[]) {
  return trx
    .selectFrom('orders')
    .select('id')
    .where('event_id', '=', eventId)
    .where('status', 'in', statuses)
    .orderBy('id')
    .execute();
}

export function findRefund(db: Db, refundId: string) {
  return db.selectFrom('refunds').selectAll().where('id', '=', refundId).executeTakeFirst();
}

/** The provider confirmed the refund (or nothing had to move): it is done, once. */
export async function markRefundSucceeded(db: Db, refundId: string, providerRefundId: string | null): Promise<void> {
  await db
    .updateTable('refunds')
    .set({ status: 'succeeded', provider_refund_id: providerRefundId, completed_at: new Date(), last_error: null })
    .where('id', '=', refundId)
    .where('status', '=', 'pending')
    .execute();
}

export async function setRefundError(db: Db, refundId: string, message: string): Promise<void> {
  await db.updateTable('refunds').set({ last_error: message }).where('id', '=', refundId).execute();
}

/** A failed try: counted, and the refund fails for good after `maxAttempts` tries or when not `retryable`. */
export async function recordRefundAttempt(
  db: Db,
  refundId: string,
  input: { message: string; retryable: boolean; maxAttempts: number },
): Promise<void> {
  await db
    .updateTable('refunds')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      last_error: input.message,
      status: input.retryable ? sql`case when attempts + 1 >= ${input.maxAttempts} then 'failed' else 'pending' end` : 'failed',
    }))
    .where('id', '=', refundId)
    .execute();
}

/** Refunds decided but not carried out yet, oldest first. */
export function pendingRefunds(db: Db, limit: number) {
  return db.selectFrom('refunds').select('id').where('status', '=', 'pending').orderBy('created_at').limit(limit).execute();
}
