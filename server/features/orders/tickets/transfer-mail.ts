import type { Order } from '../../../../src/contract/orders.ts';
import type { OutgoingMail } from '../../../lib/mail/outbox.ts';
import { mailParagraph } from '../../../lib/mail/templates.ts';
import {
  bookingNotice,
  calendarAttachment,
  type IssuedTicket,
  page,
  testBand,
  testLines,
  testSubject,
  ticketBlock,
  typedCodeLine,
  when,
  where,
} from './order-mail.ts';

// The mails of a ticket passed on (decision 069): the new holder's ticket, and the buyer's record of it.

/** The new holder's ticket: who passed it on, the event, its QR code and short code, and the calendar file. */
export function receivedTicketMail(order: Order, ticket: IssuedTicket, to: string, appUrl: string): OutgoingMail {
  const subject = testSubject(order, `${order.buyer.name} passed you a ticket for ${order.event.title}`);
  const intro = `${order.buyer.name} passed you a ticket for ${order.event.title} on ${when(order)} (${where(order)}). Show the QR code below at the door. It is yours alone: the code the ticket had before no longer works.`;
  const block = ticketBlock(ticket, 0, `Order ${order.reference}`);
  const eventLink = `${appUrl}/event/${order.event.id}`;
  const text = [
    ...testLines(order),
    `Hi ${ticket.holderName},`,
    '',
    intro,
    '',
    `${ticket.typeName} — ${ticket.holderName}`,
    `  ${typedCodeLine(ticket.shortCode)}`,
    '',
    `The event: ${eventLink}`,
    '',
    '— Admit',
    '',
  ].join('\n');
  const html = page(
    subject,
    [
      testBand(order),
      mailParagraph(`Hi ${ticket.holderName},`),
      mailParagraph(intro),
      block.html,
      mailParagraph(`The event: ${eventLink}`),
    ].join('\n'),
  );
  return { to, subject, text, html, attachments: [block.attachment, calendarAttachment(order, appUrl)] };
}

/** The buyer's record: which ticket went to whom, and that its old code stopped working. */
export function passedOnMail(
  order: Order,
  input: { typeName: string; fromName: string; toName: string; toEmail: string },
  appUrl: string,
) {
  const subject = testSubject(order, `A ticket for ${order.event.title} was passed on (${order.reference})`);
  const intro = `The ${input.typeName} ticket held by ${input.fromName} on order ${order.reference} now belongs to ${input.toName} (${input.toEmail}), who has it by email. Its old QR code and short code no longer work.`;
  const money = 'No money moved: a transfer gives the ticket away. If this was not you, contact the organiser at once.';
  return bookingNotice(order, subject, [intro, money], appUrl);
}
