import type { Order } from '../../../../src/contract/orders.ts';
import { zoneTimeName } from '../../../../src/contract/refund-policy-text.ts';
import { formatShortTicketCode } from '../../../../src/contract/short-ticket-code.ts';
import { HttpError, notFound } from '../../../lib/http-error.ts';
import { inEventTime } from '../../../lib/mail/templates.ts';
import { googleWalletLink } from '../../../lib/tickets/google-wallet.ts';
import type { WalletTicket } from '../../../lib/tickets/wallet-ticket.ts';
import { getOrder, type OrdersDeps } from '../orders.service.ts';
import { where } from './order-mail.ts';

// An order's tickets as files the buyer keeps: a PDF to print or carry, a page a ticket; wallet passes, a ticket each.

/** When the event starts, on its own clock with the zone named: the same words on paper and in a wallet. */
const whenOf = (order: Order) =>
  `${inEventTime(order.event.startsAt, order.event.timezone)} (${zoneTimeName(order.event.timezone)})`;

/** The order's valid tickets as a PDF, for whoever may read the order (its buyer, or the organisation's order readers). */
export async function orderTicketsPdf(
  deps: OrdersDeps,
  call: { orderId: string; token: string | undefined; userId: string | null },
): Promise<{ fileName: string; content: Buffer }> {
  const order = await getOrder(deps, call.orderId, call.token, call.userId);
  const valid = order.tickets.filter((ticket) => ticket.status === 'valid' && ticket.code);
  if (valid.length === 0) throw new HttpError('CONFLICT', 'This order has no valid tickets to print.');
  const when = whenOf(order);
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

type WalletCall = { orderId: string; ticketId: string; token: string | undefined; userId: string | null };

/**
 * One valid ticket of the order as a wallet shows it, for whoever may read the order, where the operator configured
 * that wallet (`settings`; named in the 404 otherwise).
 */
async function walletTicket<Settings>(
  deps: OrdersDeps,
  call: WalletCall,
  wallet: { name: string; settings: Settings | null | undefined },
): Promise<{ settings: Settings; ticket: WalletTicket }> {
  const order = await getOrder(deps, call.orderId, call.token, call.userId);
  if (!wallet.settings) throw notFound(`${wallet.name} on this Admit`);
  const ticket = order.tickets.find((one) => one.id === call.ticketId);
  if (!ticket) throw notFound('That ticket');
  if (ticket.status !== 'valid' || !ticket.code) throw new HttpError('CONFLICT', 'This ticket no longer admits anyone.');
  return {
    settings: wallet.settings,
    ticket: {
      ticketId: ticket.id,
      version: ticket.version ?? 0,
      eventId: order.event.id,
      eventTitle: order.event.title,
      startsAt: order.event.startsAt,
      endsAt: order.event.endsAt,
      when: whenOf(order),
      venueName: order.event.isOnline ? null : order.event.venueName,
      address: order.event.isOnline ? null : where(order),
      holderName: ticket.holderName,
      typeName: ticket.typeName,
      orderReference: order.reference,
      code: ticket.code,
      shortCode: ticket.shortCode ? formatShortTicketCode(ticket.shortCode) : null,
      test: order.test,
    },
  };
}

/** The link that adds one valid ticket to Google Wallet, where the operator configured an issuer. */
export async function googleWalletTicket(deps: OrdersDeps, call: WalletCall & { origin: string }): Promise<{ url: string }> {
  const { settings, ticket } = await walletTicket(deps, call, { name: 'Google Wallet', settings: deps.googleWallet });
  return { url: await googleWalletLink(settings, ticket, call.origin) };
}

/** One valid ticket as an Apple Wallet pass, where the operator configured a Pass Type ID certificate. */
export async function appleWalletTicket(deps: OrdersDeps, call: WalletCall): Promise<{ fileName: string; content: Buffer }> {
  const { settings, ticket } = await walletTicket(deps, call, { name: 'Apple Wallet', settings: deps.appleWallet });
  // The signing library loads with the first pass asked for, not at start.
  const { appleWalletPass } = await import('../../../lib/tickets/apple-wallet.ts');
  return {
    fileName: `admit-ticket-${ticket.orderReference}-${ticket.ticketId.slice(0, 8)}.pkpass`,
    content: appleWalletPass(settings, ticket),
  };
}
