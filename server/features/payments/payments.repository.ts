import { sql, type Transaction } from 'kysely';
import { retriedWebhookOutcome, unmatchedWebhookOutcome } from '../../../src/contract/admin-sales.ts';
import { isUuid } from '../../../src/contract/ids.ts';
import type { CheckoutProvider } from '../../../src/contract/orders.ts';
import type { Executor } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import type { PaymentWebhookEvent } from '../../lib/payments/provider.ts';

export async function seenPaymentEvent(db: Executor, provider: string, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('payment_events')
    .select('id')
    .where('provider', '=', provider)
    .where('provider_event_id', '=', eventId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Gives up the claim of a delivery that matched no payment (the row that makes a redelivery a duplicate), so the
 * event can be applied again: the row stays, marked `retried`, its event id set aside with the time. What it held,
 * or undefined when there is no such failed delivery (any more).
 */
export function releaseUnmatchedEvent(db: Executor, delivery: { id: string } | { provider: string; eventId: string }) {
  let query = db
    .updateTable('payment_events')
    .set({
      outcome: retriedWebhookOutcome,
      provider_event_id: sql`provider_event_id || ' · retried ' || to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .where('outcome', '=', unmatchedWebhookOutcome);
  query =
    'id' in delivery
      ? query.where('id', '=', delivery.id)
      : query.where('provider', '=', delivery.provider).where('provider_event_id', '=', delivery.eventId);
  return query.returning(['id', 'provider', 'payload']).executeTakeFirst();
}

export function findPaymentEvent(db: Executor, id: string) {
  return db.selectFrom('payment_events').select(['id', 'provider', 'outcome']).where('id', '=', id).executeTakeFirst();
}

/** Writes the event once; false when it was already there (a redelivery), so the caller changes nothing. */
export async function recordPaymentEvent(
  trx: Transaction<Database>,
  input: { provider: string; event: PaymentWebhookEvent; orderId: string | null; outcome: string },
): Promise<boolean> {
  const row = await trx
    .insertInto('payment_events')
    .values(paymentEventRow(input.provider, input.event, input.orderId, input.outcome))
    .onConflict((oc) => oc.columns(['provider', 'provider_event_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export function paymentEventRow(provider: string, event: PaymentWebhookEvent, orderId: string | null, outcome: string) {
  return {
    provider,
    provider_event_id: event.id,
    type: event.providerType,
    order_id: orderId,
    outcome,
    payload: JSON.stringify(event.payload),
  };
}

/** What applying the event came to, once it is known (the row was written first, to claim the event). */
export async function setPaymentEventOutcome(
  trx: Transaction<Database>,
  provider: string,
  eventId: string,
  outcome: string,
): Promise<void> {
  await trx
    .updateTable('payment_events')
    .set({ outcome })
    .where('provider', '=', provider)
    .where('provider_event_id', '=', eventId)
    .execute();
}

/** The checkout an event is about: by session id, else the order's latest checkout. */
export async function findPaymentForEvent(db: Executor, provider: CheckoutProvider, event: PaymentWebhookEvent) {
  if (event.sessionId) {
    const bySession = await db
      .selectFrom('payments')
      .selectAll()
      .where('provider', '=', provider)
      .where('session_id', '=', event.sessionId)
      .executeTakeFirst();
    if (bySession) return bySession;
  }
  if (!isUuid(event.orderId)) return undefined;
  return db
    .selectFrom('payments')
    .selectAll()
    .where('provider', '=', provider)
    .where('order_id', '=', event.orderId)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}
