import type { CompiledQuery, Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { type OutgoingMail, outboxRow } from '../../lib/mail/outbox.ts';
import type { ImageUrl } from '../events/event-view.ts';
import { confirmationMail } from './order-mail.ts';
import { toOrder } from './order-view.ts';
import type { OrderEventRow, OrderItemRow, OrderRow } from './orders.repository.ts';
import { type PreparedTicket, prepareTickets, ticketRows } from './ticket-issue.ts';

export interface PreparedIssue {
  tickets: PreparedTicket[];
  mail: OutgoingMail;
  paidAt: Date;
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
  return { tickets, mail: confirmationMail(view, tickets, input.origin), paidAt };
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
    status: 'valid' as const,
    code: ticket.code,
    unit_price: ticket.unitPrice,
    unit_fee: ticket.unitFee,
    checked_in_at: null,
    voided_at: null,
    created_at: prepared.paidAt,
  }));
}

/** The statements that issue prepared tickets and queue their mail, for the transaction that marks the order paid. */
export function issueQueries(db: Db | Transaction<Database>, order: OrderRow, prepared: PreparedIssue): CompiledQuery[] {
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
