import { markdownToSafeHtml } from '../../lib/mail/markdown-mail.ts';
import type { OutgoingMail } from '../../lib/mail/outbox.ts';
import { escapeHtml, inEventTime, mailPage, mailParagraph } from '../../lib/mail/templates.ts';

export interface MessageForMail {
  subject: string;
  body: string;
  replyTo: string | null;
  organizationName: string;
  event: { id: string; title: string; startsAt: Date | string; timezone: string };
}

/**
 * One person's copy of an organiser's message: from Admit on the organiser's behalf, replies to the organiser. It is
 * about their ticket, so it carries no unsubscribe (decision 066).
 */
export function attendeeMessageMail(
  message: MessageForMail,
  to: string,
  name: string,
  origin: string,
  test = false,
): OutgoingMail {
  const eventLink = `${origin}/event/${message.event.id}`;
  const when = inEventTime(message.event.startsAt, message.event.timezone);
  const about = `${message.organizationName} sent this message about ${message.event.title} (${when}).`;
  const why = `You get it because you hold a ticket to this event.${message.replyTo ? ` Reply to this mail to write to ${message.organizationName}.` : ''}`;
  const greeting = name.trim() ? `Hello ${name.trim()},` : 'Hello,';
  const subject = test ? `[Test] ${message.subject}` : message.subject;
  const html = mailPage(
    subject,
    [
      test ? mailParagraph('This is a test: only you received it.') : '',
      `<p style="margin:0 0 16px;font-size:13px;color:#6b7280;">${escapeHtml(about)}</p>`,
      mailParagraph(greeting),
      `<div style="font-size:16px;line-height:1.5;">${markdownToSafeHtml(message.body)}</div>`,
      `<p style="margin:24px 0 0;font-size:13px;color:#6b7280;">${escapeHtml(why)} <a href="${escapeHtml(eventLink)}">The event’s page</a></p>`,
    ].join('\n'),
    560,
  );
  const text = [
    test ? 'This is a test: only you received it.\n' : '',
    about,
    '',
    greeting,
    '',
    message.body,
    '',
    '—',
    why,
    `The event’s page: ${eventLink}`,
  ].join('\n');
  return { to, subject, text, html, replyTo: message.replyTo };
}
