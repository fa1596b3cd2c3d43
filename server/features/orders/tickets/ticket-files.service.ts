import { zoneTimeName } from '../../../../src/contract/refund-policy-text.ts';
import { formatShortTicketCode } from '../../../../src/contract/short-ticket-code.ts';
import { HttpError } from '../../../lib/http-error.ts';
import { inEventTime } from '../../../lib/mail/templates.ts';
import { ticketsPdf } from '../../../lib/tickets/ticket-pdf.ts';
import { getOrder, type OrdersDeps } from '../orders.service.ts';
import { where } from './order-mail.ts';

// An order's tickets as files the buyer keeps: a PDF to print or carry, a page a ticket.

/** The order's valid tickets as a PDF, for whoever may read the order (its buyer, or the organisation's order readers). */
export async function orderTicketsPdf(
  deps: OrdersDeps,
  call: { orderId: string; token: string | undefined; userId: string | null },
): Promise<{ fileName: string; content: Buffer }> {
  const order = await getOrder(deps, call.orderId, call.token, call.userId);
  const valid = order.tickets.filter((ticket) => ticket.status === 'valid' && ticket.code);
  if (valid.length === 0) throw new HttpError('CONFLICT', 'This order has no valid tickets to print.');
  const when = `${inEventTime(order.event.startsAt, order.event.timezone)} (${zoneTimeName(order.event.timezone)})`;
  const content = await ticketsPdf(
    valid.map((ticket, index) => ({
      eventTitle: order.event.title,
      when,
      where: where(order),
      holderName: ticket.holderName,
      typeName: ticket.typeName,
      orderReference: order.reference,
      position: `Ticket ${index + 1} of ${valid.length}`,
      code: ticket.code as string,
      shortCode: ticket.shortCode ? formatShortTicketCode(ticket.shortCode) : null,
      test: order.test,
    })),
    `Tickets for ${order.event.title} (${order.reference})`,
  );
  return { fileName: `admit-tickets-${order.reference}.pdf`, content: Buffer.from(content) };
}
