// Pure helpers shared with the pages, so the mail prints money and calendar entries exactly as the app does.
import { buildIcs, icsFileName } from '../../../../src/contract/calendar-file.ts';
import { formatMoney } from '../../../../src/contract/money.ts';
import type { Order } from '../../../../src/contract/orders.ts';
import { refundHowToAsk, refundPolicySentence } from '../../../../src/contract/refund-policy.ts';
import { formatShortTicketCode } from '../../../../src/contract/short-ticket-code.ts';
import type { MailAttachment, OutgoingMail } from '../../../lib/mail/outbox.ts';
import { codeBlock, escapeHtml, inEventTime, mailButton, mailPage, mailParagraph } from '../../../lib/mail/templates.ts';

const e = escapeHtml;

/** The order as mails show it; with `accessToken`, the mail links to the booking itself, for a buyer without an account. */
type MailOrder = Order;

/** Where the buyer manages this booking (cancel, ask for a refund, correct answers): the order's own page with its key. */
const manageLinkOf = (order: MailOrder, appUrl: string) =>
  order.accessToken
    ? `${appUrl}/payment/order-success?${new URLSearchParams({ orderId: order.id, token: order.accessToken })}`
    : null;

export interface IssuedTicket {
  id: string;
  typeName: string;
  holderName: string;
  code: string;
  /** Typed at the door when the QR code will not scan (decision 052). */
  shortCode: string;
}

/** Said beside each ticket's QR code: its short code, for when the QR code will not scan. */
export const typedCodeLine = (shortCode: string) =>
  `Code ${formatShortTicketCode(shortCode)} — the door can type it if the QR will not scan`;

const startsAt = inEventTime;
export const when = (order: MailOrder) => startsAt(order.event.startsAt, order.event.timezone);

export const where = (order: MailOrder) =>
  order.event.isOnline ? 'Online' : [order.event.venueName, order.event.address, order.event.city].filter(Boolean).join(', ');

/** Order mails are wider than the account mails: they carry a summary table and QR codes. */
export const page = (title: string, body: string) => mailPage(title, body, 560);

const paragraph = mailParagraph;
const button = mailButton;

/** What a TEST order's mail says first, in words and in a yellow band: no money moved, no way in. */
const testSentence =
  'This is a TEST order, paid in Admit’s payment sandbox: no money was taken, and its tickets are not valid for entry.';
export const testSubject = (order: MailOrder, subject: string) => (order.test ? `[TEST] ${subject}` : subject);
export const testBand = (order: MailOrder) =>
  order.test
    ? `<p style="margin:0 0 16px;padding:12px 16px;background:#fbbf24;color:#451a03;border-radius:6px;font-size:15px;font-weight:bold;">${e(testSentence)}</p>`
    : '';
export const testLines = (order: MailOrder) => (order.test ? [testSentence, ''] : []);

/** What was bought and paid, and what went back since, as the order page shows them. */
function summaryLines(order: MailOrder): string[] {
  const money = (minor: number) => formatMoney(minor, order.currency);
  return [
    ...order.items.map((item) => `${item.quantity} × ${item.name} — ${money(item.unitPrice * item.quantity)}`),
    ...(order.bookingFee > 0 ? [`Booking fee — ${money(order.bookingFee)}`] : []),
    `Total — ${money(order.total)}`,
    ...(order.refunded > 0 ? [`Refunded — ${money(order.refunded)}`] : []),
  ];
}

/** The order's tickets that no longer admit anyone (refunded or voided): named, never with a code. */
const lapsedTickets = (order: MailOrder) => order.tickets.filter((ticket) => ticket.status === 'voided');
const lapsedLine = (ticket: MailOrder['tickets'][number]) => `No longer valid: ${ticket.typeName} — ${ticket.holderName}`;

/**
 * Said when tickets are mailed again after the order changed (a refund, a void): the money given back and which
 * tickets stopped working, so the mail describes the order as it is now. Nothing for an order as it was paid.
 */
function changeSentence(order: MailOrder): string | null {
  const lapsed = lapsedTickets(order).length;
  if (order.refunded === 0 && lapsed === 0) return null;
  const refunded =
    order.refunded > 0
      ? `${formatMoney(order.refunded, order.currency)} of this order was refunded${order.test ? ' (a TEST order: no money moved)' : ''}.`
      : '';
  const stopped =
    lapsed === 0
      ? ''
      : lapsed === 1
        ? 'One ticket no longer admits anyone: it is listed below without a code.'
        : `${lapsed} tickets no longer admit anyone: they are listed below without a code.`;
  return [refunded, stopped].filter(Boolean).join(' ');
}

/** The event's refund policy as the event page and checkout said it, and how to ask (decision 067). */
const refundLine = (order: MailOrder) =>
  `Refund policy: ${refundPolicySentence(order.event.refundPolicy, order.event.startsAt, order.event.timezone)} ${refundHowToAsk}`;

function summaryTable(order: MailOrder): string {
  const rows = summaryLines(order)
    .map((line) => `<tr><td style="padding:4px 0;font-size:15px;">${e(line)}</td></tr>`)
    .join('');
  return `<table role="presentation" style="width:100%;margin:0 0 16px;border-top:1px solid #e5e7eb;">${rows}</table>`;
}

/** One ticket as the mails show it: its QR image (drawn by the mail sender, 16 ms a code), short code and a caption. */
export function ticketBlock(ticket: IssuedTicket, index: number, caption: string) {
  const cid = `ticket-${index + 1}@admit`;
  const attachment: MailAttachment = { filename: `ticket-${index + 1}.png`, contentType: 'image/png', qrCode: ticket.code, cid };
  const html = `<div style="margin:0 0 24px;padding:16px;border:1px solid #e5e7eb;border-radius:8px;text-align:center;">
<p style="margin:0 0 8px;font-size:16px;font-weight:bold;">${e(ticket.typeName)} — ${e(ticket.holderName)}</p>
<img src="cid:${cid}" alt="QR code of ticket ${index + 1}" width="240" height="240" style="display:block;margin:0 auto;background:#ffffff;">
<p style="margin:8px 0 0;font-size:14px;color:#374151;">Code <span style="font-family:'SFMono-Regular',Menlo,Consolas,monospace;font-size:20px;font-weight:bold;letter-spacing:2px;color:#111827;white-space:nowrap;">${e(formatShortTicketCode(ticket.shortCode))}</span></p>
<p style="margin:2px 0 0;font-size:12px;color:#6b7280;">The door can type it if the QR will not scan.</p>
<p style="margin:8px 0 0;font-size:12px;color:#6b7280;">${e(caption)}</p>
</div>`;
  return { attachment, html };
}

/** The event as a calendar file, for the mails that carry tickets. */
export function calendarAttachment(order: MailOrder, appUrl: string): MailAttachment {
  const ics = buildIcs(
    {
      id: order.event.id,
      title: order.event.title,
      description: `Order ${order.reference}`,
      startsAt: order.event.startsAt,
      endsAt: order.event.endsAt,
      location: where(order),
      url: `${appUrl}/event/${order.event.id}`,
      cancelled: false,
    },
    new URL(appUrl).host || 'admit.local',
  );
  return { filename: icsFileName(order.event.title), contentType: 'text/calendar; charset=utf-8', content: ics };
}

/** The confirmation: summary, one QR image per ticket (inline), the calendar entry and a link to the bookings page. */
export function confirmationMail(order: MailOrder, tickets: IssuedTicket[], appUrl: string): OutgoingMail {
  const subject = testSubject(order, `Your tickets for ${order.event.title} (${order.reference})`);
  const bookingsLink = `${appUrl}/account/bookings`;
  const manageLink = manageLinkOf(order, appUrl);
  const pdfLink = order.accessToken
    ? `${appUrl}/api/orders/${order.id}/tickets.pdf?${new URLSearchParams({ token: order.accessToken })}`
    : null;
  const attachments: MailAttachment[] = [];
  const ticketBlocks: string[] = [];
  for (const [index, ticket] of tickets.entries()) {
    const block = ticketBlock(ticket, index, `Ticket ${index + 1} of ${tickets.length} · order ${order.reference}`);
    attachments.push(block.attachment);
    ticketBlocks.push(block.html);
  }
  attachments.push(calendarAttachment(order, appUrl));

  const intro = `You're going to ${order.event.title} on ${when(order)} (${where(order)}). Show the QR codes below at the door, or open your bookings on your phone — they work offline.`;
  const change = changeSentence(order);
  const lapsed = lapsedTickets(order).map(lapsedLine);
  const text = [
    ...testLines(order),
    `Hi ${order.buyer.name},`,
    '',
    intro,
    '',
    ...(change ? [change, ''] : []),
    `Order ${order.reference}`,
    ...summaryLines(order),
    '',
    refundLine(order),
    '',
    ...tickets.flatMap((ticket, index) => [
      `Ticket ${index + 1}: ${ticket.typeName} — ${ticket.holderName}`,
      `  ${typedCodeLine(ticket.shortCode)}`,
    ]),
    ...lapsed,
    '',
    ...(manageLink ? [`Cancel, ask for a refund or change your answers: ${manageLink}`, ''] : []),
    ...(pdfLink ? [`Your tickets as a PDF, to print: ${pdfLink}`, ''] : []),
    `Your bookings: ${bookingsLink}`,
    '',
    '— Admit',
    '',
  ].join('\n');
  const html = page(
    subject,
    [
      testBand(order),
      paragraph(`Hi ${order.buyer.name},`),
      paragraph(intro),
      ...(change ? [paragraph(change)] : []),
      `<p style="margin:0 0 8px;font-size:14px;color:#6b7280;">Order ${e(order.reference)}</p>`,
      summaryTable(order),
      `<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#374151;white-space:pre-line;">${e(refundLine(order))}</p>`,
      ...ticketBlocks,
      ...lapsed.map((line) => `<p style="margin:0 0 8px;font-size:15px;color:#6b7280;">${e(line)}</p>`),
      button(manageLink ? 'Manage this booking' : 'See my bookings', manageLink ?? bookingsLink),
      ...(manageLink
        ? [
            `<p style="margin:0 0 16px;font-size:13px;color:#6b7280;">Cancel within the refund policy, ask for a refund or change your answers there. Signed in, your bookings are at ${e(bookingsLink)}.</p>`,
            `<p style="margin:0 0 16px;font-size:13px;color:#6b7280;"><a href="${e(pdfLink ?? '')}" style="color:#4338ca;">Your tickets as a PDF</a>, a page each, to print.</p>`,
          ]
        : []),
      `<p style="margin:0;font-size:13px;color:#6b7280;">The calendar file attached adds the event to your calendar.</p>`,
    ].join('\n'),
  );
  return { to: order.buyer.email, subject, text, html, attachments };
}

/**
 * Money went back to the buyer: a refund by the organiser or by Admit, a cancelled event, or a payment that came too
 * late. `note` is quoted to the buyer as written by whoever refunded; an administrator's internal reason never is.
 */
export function refundMail(
  order: MailOrder,
  input: {
    amount: number;
    why: 'refund' | 'cancelled' | 'late' | 'buyer_cancelled';
    by: 'organiser' | 'admit';
    note: string;
    /** For a buyer's own cancellation: how many tickets, and what the policy's fee kept. */
    tickets?: number;
    kept?: number;
  },
  appUrl: string,
): OutgoingMail {
  const money = formatMoney(input.amount, order.currency);
  if (input.why === 'buyer_cancelled') return cancellationMail(order, { ...input, money }, appUrl);
  const subject = testSubject(
    order,
    input.why === 'cancelled'
      ? `${order.event.title} is cancelled — you are refunded`
      : input.why === 'late'
        ? `Your payment for ${order.event.title} was refunded`
        : `Refund for ${order.event.title} (${order.reference})`,
  );
  const intro =
    input.why === 'cancelled'
      ? `The organiser has cancelled ${order.event.title}. We are refunding ${money} to the card you paid with; your tickets no longer admit anyone.`
      : input.why === 'late'
        ? `Your payment for order ${order.reference} arrived after your hold on the tickets had lapsed, and they had sold out in the meantime. We are refunding ${money} in full to the card you paid with.`
        : input.by === 'admit'
          ? `Admit’s support team has refunded ${money} of order ${order.reference} for ${order.event.title} to the card you paid with. Refunded tickets no longer admit anyone.`
          : `The organiser of ${order.event.title} has refunded ${money} of order ${order.reference} to the card you paid with. Refunded tickets no longer admit anyone.`;
  const note = input.note
    ? `${input.by === 'admit' ? 'A note from Admit’s support team' : 'A note from the organiser'}: ${input.note}`
    : '';
  const timing = order.test
    ? 'No money was taken for this TEST order, so none moves back.'
    : 'Refunds usually reach your account within 5 to 10 working days.';
  const link = `${appUrl}/account/bookings`;
  return {
    to: order.buyer.email,
    subject,
    text: [
      ...testLines(order),
      `Hi ${order.buyer.name},`,
      '',
      intro,
      ...(note ? ['', note] : []),
      '',
      timing,
      '',
      `Your bookings: ${link}`,
      '',
      '— Admit',
      '',
    ].join('\n'),
    html: page(
      subject,
      [
        testBand(order),
        paragraph(`Hi ${order.buyer.name},`),
        paragraph(intro),
        ...(note ? [paragraph(note)] : []),
        paragraph(timing),
        button('See my bookings', link),
      ].join('\n'),
    ),
  };
}

/** The buyer cancelled tickets within the policy (decision 068): what goes back, and what the fee kept. */
function cancellationMail(
  order: MailOrder,
  input: { amount: number; money: string; tickets?: number; kept?: number },
  appUrl: string,
): OutgoingMail {
  const count = input.tickets ?? 1;
  const what = count === 1 ? '1 ticket' : `${count} tickets`;
  const subject = testSubject(order, `You cancelled ${what} for ${order.event.title} (${order.reference})`);
  const kept = input.kept ? ` The organiser’s cancellation fee of ${formatMoney(input.kept, order.currency)} was kept.` : '';
  const money =
    input.amount > 0
      ? `We are refunding ${input.money} to the card you paid with.${kept}`
      : 'Nothing was paid for them, so nothing moves back.';
  const intro = `You cancelled ${what} of order ${order.reference} for ${order.event.title}. ${money} Cancelled tickets no longer admit anyone, and their places go back on sale.`;
  const timing =
    input.amount === 0
      ? ''
      : order.test
        ? 'No money was taken for this TEST order, so none moves back.'
        : 'Refunds usually reach your account within 5 to 10 working days.';
  return bookingNotice(order, subject, timing ? [intro, timing] : [intro], appUrl);
}

/** The organiser declined the buyer's refund request (decision 068): their note, quoted as written. */
export function requestDeclinedMail(order: MailOrder, note: string, appUrl: string): OutgoingMail {
  const subject = testSubject(order, `Your refund request for ${order.event.title} (${order.reference})`);
  const intro = `The organiser of ${order.event.title} has declined your refund request for order ${order.reference}. Your tickets stay valid.`;
  const quoted = `A note from the organiser: ${note}`;
  return bookingNotice(order, subject, [intro, quoted], appUrl);
}

/** A short mail about the buyer's booking: the greeting, its paragraphs, and the way back to the booking. */
export function bookingNotice(order: MailOrder, subject: string, paragraphs: string[], appUrl: string): OutgoingMail {
  const link = manageLinkOf(order, appUrl) ?? `${appUrl}/account/bookings`;
  const greeting = `Hi ${order.buyer.name},`;
  return {
    to: order.buyer.email,
    subject,
    text: [
      ...testLines(order),
      greeting,
      '',
      ...paragraphs.flatMap((text) => [text, '']),
      `Your booking: ${link}`,
      '',
      '— Admit',
      '',
    ].join('\n'),
    html: page(
      subject,
      [testBand(order), paragraph(greeting), ...paragraphs.map((text) => paragraph(text)), button('See my booking', link)].join(
        '\n',
      ),
    ),
  };
}

export interface EmailCodeMailInput {
  to: string;
  code: string;
  event: { title: string; startsAt: Date | string; timezone: string; organiser: string };
  /** Minutes left before the hold lapses. */
  minutes: number;
  /** The order's page, where the code is entered. */
  link: string;
}

/**
 * The code that proves a free order's email. It carries no word the buyer chose (no names): only the code,
 * what the organiser wrote (the event's title, their name) and ours, so an address typed by a stranger
 * gets nothing a stranger could write.
 */
export function emailCodeMail({ to, code, event, minutes, link }: EmailCodeMailInput): OutgoingMail {
  const subject = `Your code for free tickets to ${event.title}`;
  const asked = `Someone asked for free tickets to ${event.title} by ${event.organiser} (${startsAt(event.startsAt, event.timezone)}) with this email address. To get the tickets, enter this code on the booking page:`;
  const held = `The tickets are held for ${minutes} minute${minutes === 1 ? '' : 's'}. If the code is not entered by then, they go back on sale.`;
  const ignore = 'If you did not ask for these tickets, ignore this email: no tickets are issued without the code.';
  return {
    to,
    subject,
    text: ['Hello,', '', asked, '', code, '', held, '', `The booking page: ${link}`, '', ignore, '', '— Admit', ''].join('\n'),
    html: page(
      subject,
      [
        paragraph('Hello,'),
        paragraph(asked),
        codeBlock(code),
        paragraph(held),
        button('Open the booking page', link),
        `<p style="margin:0;font-size:13px;color:#6b7280;">${e(ignore)}</p>`,
      ].join('\n'),
    ),
  };
}
