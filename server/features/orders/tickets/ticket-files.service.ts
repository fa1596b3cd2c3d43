import { zoneTimeName } from '../../../../src/contract/refund-policy-text.ts';
import { formatShortTicketCode } from '../../../../src/contract/short-ticket-code.ts';
import { HttpError, notFound } from '../../../lib/http-error.ts';
import { inEventTime } from '../../../lib/mail/templates.ts';
import { googleWalletLink } from '../../../lib/tickets/google-wallet.ts';
import { getOrder, type OrdersDeps } from '../orders.service.ts';
import { where } from './order-mail.ts';

// An order's tickets as files the buyer keeps: a PDF to print or carry, a page a ticket; a Google Wallet pass.

/** The order's valid tickets as a PDF, for whoever may read the order (its buyer, or the organisation's order readers). */
export async function orderTicketsPdf(
  deps: OrdersDeps,
  call: { orderId: string; token: string | undefined; userId: string | null },
): Promise<{ fileName: string; content: Buffer }> {
  const order = await getOrder(deps, call.orderId, call.token, call.userId);
  const valid = order.tickets.filter((ticket) => ticket.status === 'valid' && ticket.code);
  if (valid.length === 0) throw new HttpError('CONFLICT', 'This order has no valid tickets to print.');
  const when = `${inEventTime(order.event.startsAt, order.event.timezone)} (${zoneTimeName(order.event.timezone)})`;
  // The PDF library and its font engine (about 40 MB once loaded) load with the first PDF asked for, not at start.
  const { ticketsPdf } = await import('../../../lib/tickets/ticket-pdf.ts');
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

/** The link that adds one valid ticket to Google Wallet, where the operator configured an issuer. */
export async function googleWalletTicket(
  deps: OrdersDeps,
  call: { orderId: string; ticketId: string; token: string | undefined; userId: string | null; origin: string },
): Promise<{ url: string }> {
  const order = await getOrder(deps, call.orderId, call.token, call.userId);
  if (!deps.googleWallet) throw notFound('Google Wallet on this Admit');
  const ticket = order.tickets.find((one) => one.id === call.ticketId);
  if (!ticket) throw notFound('That ticket');
  if (ticket.status !== 'valid' || !ticket.code) throw new HttpError('CONFLICT', 'This ticket no longer admits anyone.');
  const url = await googleWalletLink(
    deps.googleWallet,
    {
      ticketId: ticket.id,
      version: ticket.version ?? 0,
      eventId: order.event.id,
      eventTitle: order.event.title,
      startsAt: order.event.startsAt,
      endsAt: order.event.endsAt,
      venueName: order.event.isOnline ? null : order.event.venueName,
      address: order.event.isOnline ? null : where(order),
      holderName: ticket.holderName,
      typeName: ticket.typeName,
      orderReference: order.reference,
      code: ticket.code,
      shortCode: ticket.shortCode ? formatShortTicketCode(ticket.shortCode) : null,
    },
    call.origin,
  );
  return { url };
}
