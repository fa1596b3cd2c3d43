import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { PaymentWebhookEvent } from '../../lib/payments/provider.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export async function seenPaymentEvent(db: Executor, provider: string, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('payment_events')
    .select('id')
    .where('provider', '=', provider)
    .where('provider_event_id', '=', eventId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Writes the event once; false when it was already there (a redelivery), so the caller changes nothing. */
export async function recordPaymentEvent(
  trx: Transaction<Database>,
  input: { provider: string; event: PaymentWebhookEvent; orderId: string | null; outcome: string },
): Promise<boolean> {
  const row = await trx
    .insertInto('payment_events')
    .values({
      provider: input.provider,
      provider_event_id: input.event.id,
      type: input.event.providerType,
      order_id: input.orderId,
      outcome: input.outcome,
      payload: JSON.stringify(input.event.payload),
    })
    .onConflict((oc) => oc.columns(['provider', 'provider_event_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The checkout an event is about: by session id, else the order's latest checkout. */
export async function findPaymentForEvent(db: Executor, provider: 'sandbox' | 'stripe', event: PaymentWebhookEvent) {
  if (event.sessionId) {
    const bySession = await db
      .selectFrom('payments')
      .selectAll()
      .where('provider', '=', provider)
      .where('session_id', '=', event.sessionId)
      .executeTakeFirst();
    if (bySession) return bySession;
  }
  if (!event.orderId || !/^[0-9a-f-]{36}$/i.test(event.orderId)) return undefined;
  return db
    .selectFrom('payments')
    .selectAll()
    .where('provider', '=', provider)
    .where('order_id', '=', event.orderId)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

export function findSandboxSession(db: Executor, sessionId: string) {
  return db
    .selectFrom('payments')
    .innerJoin('orders', 'orders.id', 'payments.order_id')
    .innerJoin('events', 'events.id', 'orders.event_id')
    .select([
      'payments.id',
      'payments.session_id',
      'payments.status',
      'payments.amount',
      'payments.currency',
      'payments.expires_at',
      'orders.id as order_id',
      'orders.reference',
      'orders.status as order_status',
      'orders.hold_expires_at',
      'events.title as event_title',
    ])
    .where('payments.provider', '=', 'sandbox')
    .where('payments.session_id', '=', sessionId)
    .executeTakeFirst();
}

/** Records the capture once; false when this payment was already marked succeeded. */
export async function markPaymentSucceeded(trx: Transaction<Database>, paymentId: string, paymentRef: string | null) {
  const row = await trx
    .updateTable('payments')
    .set({ status: 'succeeded', payment_ref: paymentRef, failure_reason: null, updated_at: new Date() })
    .where('id', '=', paymentId)
    .where('status', '!=', 'succeeded')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function setPaymentExpired(trx: Transaction<Database>, paymentId: string): Promise<void> {
  await trx
    .updateTable('payments')
    .set({ status: 'expired', updated_at: new Date() })
    .where('id', '=', paymentId)
    .where('status', '=', 'open')
    .execute();
}

/** Locks ticket types in id order (the same order every writer uses), to judge what is left. */
export function lockTicketTypes(trx: Transaction<Database>, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom('ticket_types')
    .select(['id', 'capacity', 'sold', 'held'])
    .where('id', 'in', ids)
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
}
