import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { generateEventKeyPair } from '../../../src/contract/ticket-code.ts';
import type { Database } from '../../db/types.ts';
import { signTicketCodeNow } from '../../lib/tickets/sign-ticket-code.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** Tickets admit people until this long after the event ends (late leavers, re-entry). */
const validityGraceMs = 6 * 3600 * 1000;

export interface PreparedTicket {
  id: string;
  ticketTypeId: string;
  typeName: string;
  holderName: string;
  code: string;
  unitPrice: number;
  unitFee: number;
}

interface ItemToIssue {
  ticket_type_id: string;
  name: string;
  quantity: number;
  unit_price: number;
  unit_fee: number;
  holder_names: string[];
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

/**
 * Signs the tickets of an order before the transaction that issues them, so the row locks of that
 * transaction are not held while signing. Unused if the order turns out not payable.
 */
export async function prepareTickets(
  db: Executor,
  input: {
    eventId: string;
    eventEndsAt: Date | string;
    buyerName: string;
    items: ItemToIssue[];
    now?: Date;
    /** The event's key when the caller has it already. */
    key?: { private_key: string } | null;
  },
): Promise<PreparedTicket[]> {
  const key = input.key ?? (await eventSigningKey(db, input.eventId));
  const validFrom = input.now ?? new Date();
  const validUntil = new Date(new Date(input.eventEndsAt).getTime() + validityGraceMs);
  const tickets: PreparedTicket[] = [];
  for (const item of input.items) {
    for (let index = 0; index < item.quantity; index += 1) {
      const id = randomUUID();
      const code = await signTicketCodeNow(key.private_key, {
        version: 1,
        ticketId: id,
        eventId: input.eventId,
        ticketTypeId: item.ticket_type_id,
        validFrom,
        validUntil,
      });
      tickets.push({
        id,
        ticketTypeId: item.ticket_type_id,
        typeName: item.name,
        holderName: item.holder_names[index]?.trim() || input.buyerName,
        code,
        unitPrice: item.unit_price,
        unitFee: item.unit_fee,
      });
    }
  }
  return tickets;
}

export function ticketRows(orderId: string, eventId: string, tickets: PreparedTicket[]) {
  return tickets.map((ticket, position) => ({
    id: ticket.id,
    position,
    order_id: orderId,
    event_id: eventId,
    ticket_type_id: ticket.ticketTypeId,
    holder_name: ticket.holderName,
    code: ticket.code,
    unit_price: ticket.unitPrice,
    unit_fee: ticket.unitFee,
  }));
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
