import { randomUUID } from 'node:crypto';
import { issueOrder } from '../../../../src/contract/questions.ts';
import { newShortTicketCode } from '../../../../src/contract/short-ticket-code.ts';
import type { Db, Executor } from '../../../db/database.ts';
import type { ImageUrl } from '../../../lib/storage/image-url.ts';
import { signTicketCodeNow } from '../../../lib/tickets/sign-ticket-code.ts';
import { orderAccessToken } from '../order-lifecycle.service.ts';
import { toOrder } from '../order-view.ts';
import type { OrderEventRow, OrderItemRow, OrderRow } from '../orders.repository.ts';
import { violates } from '../placement/sale-refusals.service.ts';
import { confirmationMail } from './order-mail.ts';
import type { PreparedIssue, PreparedTicket } from './ticket-issue.repository.ts';
import { eventSigningKey } from './ticket-issue.repository.ts';

// Issuing an order's tickets: signed and mailed here before the transaction, written by ticket-issue.repository.ts in it.

/**
 * A short code drawn for a new ticket was already one of its event's (decision 052): the unique index refused the
 * tickets, and issuing them again draws new ones. About once in 650 million tickets of a 50,000-ticket event.
 */
export const shortCodeTaken = (error: unknown) => violates(error, '23505', 'tickets_short_code_key');

/** Tickets admit people until this long after the event ends (late leavers, re-entry). */
const validityGraceMs = 6 * 3600 * 1000;

/** A ticket's signed code, valid from `validFrom` until a while after its event ends. */
export function signTicket(
  privateKey: string,
  ticket: { ticketId: string; eventId: string; ticketTypeId: string; validFrom: Date; eventEndsAt: Date | string },
): Promise<string> {
  return signTicketCodeNow(privateKey, {
    version: 1,
    ticketId: ticket.ticketId,
    eventId: ticket.eventId,
    ticketTypeId: ticket.ticketTypeId,
    validFrom: ticket.validFrom,
    validUntil: new Date(new Date(ticket.eventEndsAt).getTime() + validityGraceMs),
  });
}

interface ItemToIssue {
  ticket_type_id: string;
  name: string;
  quantity: number;
  unit_price: number;
  unit_fee: number;
  holder_names: string[];
  holder_emails: string[];
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
  const tickets: PreparedTicket[] = [];
  // Issued line by line in ticket type id order, however the order's items came: a ticket's position is what its
  // answers are kept by (decision 064), and the buyer's form numbers them the same way (issueOrder).
  const lines = issueOrder(input.items.map((item) => ({ ...item, ticketTypeId: item.ticket_type_id })));
  for (const item of lines) {
    for (let index = 0; index < item.quantity; index += 1) {
      const id = randomUUID();
      const code = await signTicket(key.private_key, {
        ticketId: id,
        eventId: input.eventId,
        ticketTypeId: item.ticket_type_id,
        validFrom,
        eventEndsAt: input.eventEndsAt,
      });
      tickets.push({
        id,
        ticketTypeId: item.ticket_type_id,
        typeName: item.name,
        holderName: item.holder_names[index]?.trim() || input.buyerName,
        holderEmail: item.holder_emails[index]?.trim() || null,
        code,
        // Drawn here, checked by the unique index when the ticket is written (decision 052).
        shortCode: newShortTicketCode(),
        unitPrice: item.unit_price,
        unitFee: item.unit_fee,
      });
    }
  }
  return tickets;
}

/**
 * Everything slow about confirming an order — signing each ticket, drawing its QR code, writing the
 * mail — done before the transaction that issues them, so that transaction only inserts rows.
 */
export async function prepareIssue(
  db: Db,
  input: {
    order: OrderRow;
    items: OrderItemRow[];
    event: OrderEventRow;
    origin: string;
    imageUrl: ImageUrl;
    key?: { private_key: string } | null;
    /** The server secret: the mail then links to the booking itself, with the order's access key (decision 068). */
    secret?: string;
  },
): Promise<PreparedIssue> {
  const { order, items, event } = input;
  const tickets = await prepareTickets(db, {
    eventId: order.event_id,
    eventEndsAt: event.ends_at,
    buyerName: order.buyer_name,
    items,
    key: input.key ?? null,
  });
  const paidAt = new Date();
  const view = toOrder(
    { ...order, status: 'paid', paid_at: paidAt, hold_expires_at: null, failure_reason: null },
    {
      event,
      items,
      tickets: preparedTicketRows(order, { tickets, paidAt }),
      checkoutUrl: null,
    },
    input.imageUrl,
  );
  const accessToken = input.secret ? orderAccessToken(input.secret, order.id) : undefined;
  return { tickets, mail: confirmationMail({ ...view, accessToken }, tickets, input.origin), paidAt };
}

/** Prepared tickets as the rows they become, for answering without reading them back. */
export function preparedTicketRows(
  order: Pick<OrderRow, 'id' | 'event_id'>,
  prepared: Pick<PreparedIssue, 'tickets' | 'paidAt'>,
) {
  return prepared.tickets.map((ticket, position) => ({
    id: ticket.id,
    position,
    order_id: order.id,
    event_id: order.event_id,
    ticket_type_id: ticket.ticketTypeId,
    type_name: ticket.typeName,
    holder_name: ticket.holderName,
    holder_email: ticket.holderEmail,
    status: 'valid' as const,
    code: ticket.code,
    short_code: ticket.shortCode,
    unit_price: ticket.unitPrice,
    unit_fee: ticket.unitFee,
    checked_in_at: null,
    voided_at: null,
    refunded_at: null,
    holder_version: 0,
    created_at: prepared.paidAt,
  }));
}
