import type { OutgoingMail } from '../../lib/mail/outbox.ts';
import { escapeHtml, inEventTime, mailButton, mailPage, mailParagraph } from '../../lib/mail/templates.ts';

// The mails of a waiting list (decision 063). Each carries the person's own link: it proves their email, shows their
// place or their offer, and lets them leave the list. They are about tickets they asked for, so they carry no
// unsubscribe from anything else.

export interface ListMailEvent {
  title: string;
  starts_at: Date | string;
  timezone: string;
  organizer_name: string;
}

export interface ListMailPerson {
  email: string;
  name: string;
  quantity: number;
  typeName: string;
}

/** The links of one person's place: `/waiting-list?token=…`, with what the mail asks them to do. */
export function placeLinks(origin: string, token: string) {
  const base = `${origin}/waiting-list?${new URLSearchParams({ token })}`;
  return { view: base, confirm: `${base}&confirm=1`, leave: `${base}&leave=1` };
}

const tickets = (count: number, typeName: string) => `${count} × ${typeName}`;
const small = (text: string) => `<p style="margin:0;font-size:13px;line-height:1.5;color:#6b7280;">${escapeHtml(text)}</p>`;

function mail(to: string, subject: string, lines: { text: string; html: string }[]): OutgoingMail {
  return {
    to,
    subject,
    text: [...lines.map((line) => line.text), '— Admit', ''].join('\n\n'),
    html: mailPage(subject, lines.map((line) => line.html).join('\n'), 560),
  };
}
const say = (text: string) => ({ text, html: mailParagraph(text) });
const act = (label: string, link: string) => ({ text: `${label}: ${link}`, html: mailButton(label, link) });
const aside = (text: string) => ({ text, html: small(text) });

const about = (event: ListMailEvent) =>
  `${event.title} by ${event.organizer_name} (${inEventTime(event.starts_at, event.timezone)})`;

/** A guest's first mail: the link that proves their email and puts them in the queue. */
export function confirmPlaceMail(
  event: ListMailEvent,
  person: ListMailPerson,
  links: ReturnType<typeof placeLinks>,
): OutgoingMail {
  return mail(person.email, `Confirm your place on the waiting list for ${event.title}`, [
    say(`Hello ${person.name},`),
    say(
      `Someone asked to join the waiting list for ${tickets(person.quantity, person.typeName)} to ${about(event)} with this email address. Confirm it to take your place in the queue.`,
    ),
    act('Confirm my place', links.confirm),
    aside('If you did not ask for this, ignore this email: nobody joins the list without this link.'),
  ]);
}

/** In the queue: their place, and how they will hear of places that come back. */
export function joinedMail(
  event: ListMailEvent,
  person: ListMailPerson,
  position: number | null,
  links: ReturnType<typeof placeLinks>,
): OutgoingMail {
  const where = position === null ? 'You are in the queue' : `You are number ${position} in the queue`;
  return mail(person.email, `You are on the waiting list for ${event.title}`, [
    say(`Hello ${person.name},`),
    say(
      `${where} for ${tickets(person.quantity, person.typeName)} to ${about(event)}. When places come back, we email the next person in the queue an offer that holds them for a while.`,
    ),
    act('See my place', links.view),
    aside(`Changed your mind? Leave the waiting list: ${links.leave}`),
  ]);
}

/** An offer: places held until a time, and the link that books them. */
export function offerMail(
  event: ListMailEvent,
  person: ListMailPerson,
  offer: { quantity: number; expiresAt: Date | string },
  links: ReturnType<typeof placeLinks>,
): OutgoingMail {
  const until = inEventTime(offer.expiresAt, event.timezone);
  const fewer =
    offer.quantity < person.quantity
      ? ` That is ${offer.quantity} of the ${person.quantity} you asked for: only that many came back so far.`
      : '';
  return mail(person.email, `Tickets are held for you: ${event.title}`, [
    say(`Hello ${person.name},`),
    say(
      `Places came back for ${about(event)}. ${tickets(offer.quantity, person.typeName)} are held for you until ${until}.${fewer}`,
    ),
    act('Book my tickets', links.view),
    say('If you do not book them by then, the offer passes to the next person in the queue.'),
    aside(`Do not want them? Leave the waiting list and let the next person have them: ${links.leave}`),
  ]);
}
