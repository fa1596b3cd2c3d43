import type { Order } from '../../../../src/contract/orders.ts';
import type { Db } from '../../../db/database.ts';
import { recordAudit } from '../../../lib/audit-log.ts';
import { HttpError, notFound } from '../../../lib/http-error.ts';
import { enqueueMail } from '../../../lib/mail/outbox.ts';
import { presentOrders } from '../order-lifecycle.service.ts';
import { findOrderRow } from '../orders.repository.ts';
import type { OrdersDeps } from '../orders.service.ts';
import { confirmationMail } from './order-mail.ts';
import { lockTicket, setHolderName, touchOrder } from './ticket-changes.repository.ts';
import { voidTickets } from './ticket-issue.repository.ts';

// An administrator's changes to an order's tickets (decision 058): the caller checks the permission, these write
// the change and its audit entry in one transaction.

/** A ticket as the tickets mail prints it: with its QR code and its short code, or nothing when it has neither. */
const issuedTicket = (ticket: Order['tickets'][number]) =>
  ticket.code && ticket.shortCode
    ? [
        {
          id: ticket.id,
          typeName: ticket.typeName,
          holderName: ticket.holderName,
          code: ticket.code,
          shortCode: ticket.shortCode,
        },
      ]
    : [];

/** Sends the buyer their valid tickets again, recorded as the actor's. */
export async function resendValidTickets(
  deps: OrdersDeps,
  input: { orderId: string; actorId: string; origin: string },
): Promise<void> {
  const { orderId, actorId, origin } = input;
  const row = await findOrderRow(deps.db, orderId);
  if (!row) throw notFound('That order');
  const [order] = (await presentOrders(deps.db, [row], deps.imageUrl)) as Order[];
  if (!order) throw notFound('That order');
  const valid = order.tickets.flatMap((ticket) => (ticket.status === 'valid' ? issuedTicket(ticket) : []));
  if (valid.length === 0) throw new HttpError('CONFLICT', 'This order has no valid tickets to send.');
  await deps.db.transaction().execute(async (trx) => {
    await enqueueMail(trx, confirmationMail(order, valid, origin));
    await recordAudit(trx, {
      actorId,
      action: 'admin.order_tickets_resent',
      subjectType: 'order',
      subjectId: orderId,
      details: { to: order.buyer.email, tickets: valid.length },
    });
  });
}

/** Voids a valid ticket with a reason and revokes its code, recorded as the actor's. */
export async function voidValidTicket(db: Db, input: { ticketId: string; reason: string; actorId: string }): Promise<void> {
  const { ticketId, reason, actorId } = input;
  await db.transaction().execute(async (trx) => {
    const ticket = await lockTicket(trx, ticketId);
    if (!ticket) throw notFound('That ticket');
    if (ticket.status !== 'valid') throw new HttpError('CONFLICT', 'This ticket is already void.');
    await voidTickets(trx, ticket.event_id, [ticketId], `voided by an administrator: ${reason}`);
    await recordAudit(trx, {
      actorId,
      action: 'admin.ticket_voided',
      subjectType: 'ticket',
      subjectId: ticketId,
      details: { reason, before: { status: 'valid' }, after: { status: 'voided' } },
    });
  });
}

/**
 * Gives a ticket a corrected holder name, recorded as the actor's: its code and short code stay (they name the ticket,
 * not the person; decision 052), and the buyer gets the ticket again by mail. The caller has checked it is valid.
 */
export async function renameTicketHolder(
  deps: OrdersDeps,
  input: {
    ticket: { id: string; order_id: string; holder_name: string };
    holderName: string;
    reason: string;
    actorId: string;
    origin: string;
  },
): Promise<void> {
  const { ticket: before, holderName, reason, actorId, origin } = input;
  const row = await findOrderRow(deps.db, before.order_id);
  if (!row) throw notFound('That ticket');
  await deps.db.transaction().execute(async (trx) => {
    await setHolderName(trx, before.id, holderName);
    // The order's change puts its tickets in the door's next changes download.
    await touchOrder(trx, before.order_id);
    const [order] = (await presentOrders(trx, [row], deps.imageUrl)) as Order[];
    const ticket = order?.tickets.find((one) => one.id === before.id);
    const issued = ticket ? issuedTicket(ticket) : [];
    if (order && issued.length > 0) await enqueueMail(trx, confirmationMail(order, issued, origin));
    await recordAudit(trx, {
      actorId,
      action: 'admin.ticket_reissued',
      subjectType: 'ticket',
      subjectId: before.id,
      details: { reason, before: { holderName: before.holder_name }, after: { holderName } },
    });
  });
}
