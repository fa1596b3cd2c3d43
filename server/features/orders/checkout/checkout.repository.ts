import type { Transaction } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { CheckoutProvider } from '../../../../src/contract/orders.ts';
import type { Executor } from '../../../db/database.ts';
import { statementTemplate } from '../../../db/statement-template.ts';
import type { Database } from '../../../db/types.ts';
import { orderEventColumns } from '../orders.repository.ts';

// The checkouts opened at the payment provider for held orders (the `payments` rows), as orders keep them.

export interface NewPayment {
  /** Made here, not by the database, so a checkout placed with its order is known without reading it back. */
  id: string;
  order_id: string;
  provider: CheckoutProvider;
  session_id: string;
  checkout_url: string;
  amount: number;
  currency: string;
  expires_at: Date;
}

export async function insertPayment(db: Executor, payment: NewPayment): Promise<void> {
  await db.insertInto('payments').values(payment).execute();
}

/** The latest checkout of each order that can still take a payment. */
export function openPaymentsOf(db: Executor, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .where('status', '=', 'open')
    .orderBy('created_at', 'desc')
    .execute();
}

export async function expireOpenPayments(trx: Transaction<Database>, orderId: string): Promise<void> {
  await trx
    .updateTable('payments')
    .set({ status: 'expired', updated_at: new Date() })
    .where('order_id', '=', orderId)
    .where('status', '=', 'open')
    .execute();
}

/** The Stripe account the organisation is paid out to, if it has one. */
export async function payoutAccountOf(db: Executor, organizationId: string): Promise<string | null> {
  const row = await db
    .selectFrom('organizations')
    .select('stripe_account_id')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  return row?.stripe_account_id ?? null;
}

type CheckoutKey = { provider: CheckoutProvider } & ({ sessionId: string } | { paymentId: string });

const checkoutContext = statementTemplate((db, by: CheckoutKey, shape) => {
  const query = db
    .selectFrom('payments')
    .innerJoin('orders', 'orders.id', 'payments.order_id')
    .select([
      'payments.id',
      'payments.order_id',
      'payments.status',
      'payments.session_id',
      'payments.amount',
      'payments.currency',
      'payments.expires_at',
    ])
    .select((eb) => [
      jsonObjectFrom(eb.selectFrom('orders as o').selectAll('o').whereRef('o.id', '=', 'payments.order_id')).as('order'),
      jsonArrayFrom(
        eb
          .selectFrom('order_items')
          .selectAll('order_items')
          .whereRef('order_items.order_id', '=', 'payments.order_id')
          .orderBy('order_items.ticket_type_id'),
      ).as('items'),
      jsonObjectFrom(
        eb
          .selectFrom('events')
          .select([...orderEventColumns, 'events.sale_version'])
          .whereRef('events.id', '=', 'orders.event_id'),
      ).as('event'),
      jsonObjectFrom(
        eb
          .selectFrom('event_signing_keys')
          .select('event_signing_keys.private_key')
          .whereRef('event_signing_keys.event_id', '=', 'orders.event_id'),
      ).as('key'),
    ])
    .where('payments.provider', '=', by.provider);
  return 'sessionId' in by && shape === 'session'
    ? query.where('payments.session_id', '=', by.sessionId)
    : query.where('payments.id', '=', (by as { paymentId: string }).paymentId);
});

/**
 * A checkout with everything confirming its order needs, in one round trip: the checkout (by session
 * id), its order, items, event and the event's signing key. Timestamps in JSON are strings.
 */
export async function capturedPaymentContext(
  db: Executor,
  provider: CheckoutProvider,
  by: { sessionId: string } | { paymentId: string },
) {
  const { rows } = await db.executeQuery(checkoutContext(db, { provider, ...by }, 'sessionId' in by ? 'session' : 'payment'));
  return rows[0];
}
export type CheckoutContext = NonNullable<Awaited<ReturnType<typeof capturedPaymentContext>>>;
