import type { CompiledQuery, Transaction } from 'kysely';
import { generateEventKeyPair } from '../../../../src/contract/ticket-code.ts';
import type { Executor } from '../../../db/database.ts';
import type { Database } from '../../../db/types.ts';
import type { OutgoingMail } from '../../../lib/mail/outbox.ts';
import { outboxRow } from '../../../lib/mail/outbox.ts';
import type { OrderRow } from '../orders.repository.ts';

/** A ticket signed before the transaction, as the service hands it to be written. */
export interface PreparedTicket {
  id: string;
  ticketTypeId: string;
  typeName: string;
  holderName: string;
  /** The holder's own address, or null: mail about the ticket goes to the buyer alone. */
  holderEmail: string | null;
  code: string;
  shortCode: string;
  unitPrice: number;
  unitFee: number;
}

/** What issuing an order writes: its tickets, the mail for the outbox and when it was paid. */
export interface PreparedIssue {
  tickets: PreparedTicket[];
  mail: OutgoingMail;
  paidAt: Date;
}

/** The event's signing key, made on first use; concurrent first uses agree on one row. */
export async function eventSigningKey(db: Executor, eventId: string) {
  const existing = await db.selectFrom('event_signing_keys').selectAll().where('event_id', '=', eventId).executeTakeFirst();
  if (existing) return existing;
  const pair = await generateEventKeyPair();
  await db
    .insertInto('event_signing_keys')
    .values({ event_id: eventId, public_key: pair.publicKey, private_key: pair.privateKey })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .execute();
  return db.selectFrom('event_signing_keys').selectAll().where('event_id', '=', eventId).executeTakeFirstOrThrow();
}

export function ticketRows(orderId: string, eventId: string, tickets: PreparedTicket[]) {
  return tickets.map((ticket, position) => ({
    id: ticket.id,
    position,
    order_id: orderId,
    event_id: eventId,
    ticket_type_id: ticket.ticketTypeId,
    holder_name: ticket.holderName,
    holder_email: ticket.holderEmail,
    code: ticket.code,
    short_code: ticket.shortCode,
    unit_price: ticket.unitPrice,
    unit_fee: ticket.unitFee,
  }));
}

/** The statements that issue prepared tickets and queue their mail, for the transaction that marks the order paid. */
export function issueQueries(db: Executor, order: OrderRow, prepared: PreparedIssue): CompiledQuery[] {
  return [
    ...(prepared.tickets.length > 0
      ? [
          db
            .insertInto('tickets')
            .values(ticketRows(order.id, order.event_id, prepared.tickets))
            .compile(),
        ]
      : []),
    db.insertInto('mail_outbox').values(outboxRow(prepared.mail)).compile(),
  ];
}

/** Issues prepared tickets and queues their mail, in the transaction that marks the order paid. */
export async function issuePrepared(trx: Transaction<Database>, order: OrderRow, prepared: PreparedIssue): Promise<void> {
  for (const query of issueQueries(trx, order, prepared)) await trx.executeQuery(query);
}

/** Voids tickets and revokes their codes, so offline door devices refuse them too. */
export async function voidTickets(
  trx: Transaction<Database>,
  eventId: string,
  ticketIds: string[],
  reason: string,
): Promise<void> {
  if (ticketIds.length === 0) return;
  const now = new Date();
  await trx
    .updateTable('tickets')
    .set({ status: 'voided', voided_at: now })
    .where('id', 'in', ticketIds)
    .where('status', '=', 'valid')
    .execute();
  await trx
    .insertInto('ticket_revocations')
    .values(ticketIds.map((ticketId) => ({ ticket_id: ticketId, event_id: eventId, reason })))
    .onConflict((oc) => oc.column('ticket_id').doNothing())
    .execute();
}
