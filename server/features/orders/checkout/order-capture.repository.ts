import { type Insertable, sql, type Transaction } from 'kysely';
import type { Executor } from '../../../db/database.ts';
import { statementTemplate } from '../../../db/statement-template.ts';
import type { Database } from '../../../db/types.ts';

// The writes that make an order paid when its provider reports a capture (decision 058): the payment, the tickets,
// the mail, the ledger and the order's status, with the provider event's row that claims the capture (payments builds
// it; it is written here so that the claim and the change are one statement).

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

export async function eventStatusOf(trx: Transaction<Database>, eventId: string) {
  const row = await trx.selectFrom('events').select('status').where('id', '=', eventId).executeTakeFirst();
  return row?.status;
}

/** Locks ticket types in id order (the same order every writer uses), to judge what is left. */
export function lockTicketTypes(trx: Transaction<Database>, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom('ticket_types')
    .select(['id', 'capacity', 'taken'])
    .where('id', 'in', ids)
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
}

/**
 * The order locked (see lockOrder), whether this provider event was already applied, and the
 * payment's status, in one statement. Every change to an order's payments happens under this lock.
 */
export function lockOrderForEvent(
  trx: Transaction<Database>,
  input: { orderId: string; provider: string; eventId: string; paymentId: string },
) {
  const { orderId, provider, eventId, paymentId } = input;
  return trx
    .selectFrom('orders')
    .selectAll('orders')
    .select((eb) => [
      eb
        .exists(
          eb
            .selectFrom('payment_events')
            .select('payment_events.id')
            .where('payment_events.provider', '=', provider)
            .where('payment_events.provider_event_id', '=', eventId),
        )
        .as('seen'),
      eb.selectFrom('payments').select('payments.status').where('payments.id', '=', paymentId).as('payment_status'),
    ])
    .where('orders.id', '=', orderId)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

export interface Confirmation {
  paymentId: string;
  paymentRef: string | null;
  tickets: Insertable<Database['tickets']>[];
  mail: Insertable<Database['mail_outbox']>;
  ledger: Insertable<Database['ledger_entries']>[];
  event: Insertable<Database['payment_events']>;
  orderId: string;
  paidAt: Date;
}

/**
 * Issues the tickets, queues the mail, books the money, records the webhook and marks the order paid: one
 * statement. The held tickets are already taken from stock, so they become sold without a write to their type.
 */
export async function confirmOrder(trx: Transaction<Database>, confirmation: Confirmation): Promise<void> {
  await trx
    .with('paid_payment', (db) =>
      db
        .updateTable('payments')
        .set({ status: 'succeeded', payment_ref: confirmation.paymentRef, failure_reason: null, updated_at: confirmation.paidAt })
        .where('id', '=', confirmation.paymentId)
        .returning('id'),
    )
    .with('new_tickets', (db) => db.insertInto('tickets').values(confirmation.tickets).returning('id'))
    .with('new_mail', (db) => db.insertInto('mail_outbox').values(confirmation.mail).returning('id'))
    .with('new_ledger', (db) => db.insertInto('ledger_entries').values(confirmation.ledger).returning('id'))
    .with('new_event', (db) => db.insertInto('payment_events').values(confirmation.event).returning('id'))
    .updateTable('orders')
    .set({ status: 'paid', paid_at: confirmation.paidAt, failure_reason: null, updated_at: confirmation.paidAt })
    .where('id', '=', confirmation.orderId)
    .execute();
}

/**
 * The usual capture in one statement and so one transaction, with no BEGIN or COMMIT round trips:
 * it locks the order (found by its key: a condition on its status would let the plan scan the event's live
 * holds instead) and, if it is still held, unpaid by this payment, not yet told of this event and its
 * event not cancelled nor changed since the tickets were prepared (its `sale_version`: the tickets' validity
 * and the mail come from it), writes everything `confirmOrder` writes. The tickets were taken
 * from stock when they were held, so the ticket types' rows are not touched. A locked row is re-checked after any wait, so a concurrent capture
 * or cancellation leaves nothing to lock here; false then, and the caller takes the careful path.
 */
export async function confirmOrderAtOnce(
  db: Executor,
  confirmation: Confirmation & { provider: string; saleVersion: number },
): Promise<boolean> {
  const { tickets, ledger, ...rest } = confirmation;
  const { rows } = await db.executeQuery(
    confirmAtOnce(db, { ...rest, tickets: JSON.stringify(tickets), ledger: JSON.stringify(ledger) }),
  );
  return rows.length === 1;
}

const confirmAtOnce = statementTemplate(
  (
    _db,
    c: Omit<Confirmation, 'tickets' | 'ledger'> & { provider: string; saleVersion: number; tickets: string; ledger: string },
  ) => sql<{
    id: string;
  }>`
    with target as (
      select o.id, o.status, o.event_id from orders o where o.id = ${c.orderId} for no key update of o
    ),
    locked as (
      select t.id from target t
      where t.status in ('pending', 'failed')
        and (select p.status from payments p where p.id = ${c.paymentId}) <> 'succeeded'
        and (select e.status <> 'cancelled' and e.sale_version = ${c.saleVersion}::int from events e where e.id = t.event_id)
        and not exists (select 1 from payment_events pe where pe.provider = ${c.provider} and pe.provider_event_id = ${c.event.provider_event_id})
    ),
    paid_payment as (
      update payments set status = 'succeeded', payment_ref = ${c.paymentRef}, failure_reason = null, updated_at = ${c.paidAt}
      where id = ${c.paymentId} and exists (select 1 from locked) returning id
    ),
    new_tickets as (
      insert into tickets (id, position, order_id, event_id, ticket_type_id, holder_name, holder_email, code, short_code,
        unit_price, unit_fee)
      select x.id, x.position, x.order_id, x.event_id, x.ticket_type_id, x.holder_name, x.holder_email, x.code, x.short_code,
        x.unit_price, x.unit_fee
      from json_to_recordset(${c.tickets}::json) as x(id uuid, position int, order_id uuid, event_id uuid,
        ticket_type_id uuid, holder_name text, holder_email text, code text, short_code text, unit_price int, unit_fee int)
      where exists (select 1 from locked) returning id
    ),
    new_mail as (
      insert into mail_outbox (to_address, subject, text_body, html_body, attachments)
      select ${c.mail.to_address}, ${c.mail.subject}, ${c.mail.text_body}, ${c.mail.html_body}, ${c.mail.attachments}::jsonb
      where exists (select 1 from locked) returning id
    ),
    new_ledger as (
      insert into ledger_entries (order_id, event_id, kind, amount, currency, payment_id, note)
      select x.order_id, x.event_id, x.kind, x.amount, x.currency, x.payment_id, x.note
      from json_to_recordset(${c.ledger}::json) as x(order_id uuid, event_id uuid, kind text, amount int,
        currency text, payment_id uuid, note text)
      where exists (select 1 from locked) returning id
    ),
    new_event as (
      insert into payment_events (provider, provider_event_id, type, order_id, outcome, payload)
      select ${c.event.provider}, ${c.event.provider_event_id}, ${c.event.type}, ${c.orderId}, 'paid', ${c.event.payload}::jsonb
      where exists (select 1 from locked) returning id
    )
    update orders set status = 'paid', paid_at = ${c.paidAt}, failure_reason = null, updated_at = ${c.paidAt}
    where id in (select id from locked) returning id`,
);
