import { type DoorList, doorListMaxRows } from '../../../src/contract/door-list.ts';
import { TEST_PROVIDER } from '../../../src/contract/orders.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/http-error.ts';
import { requirePermission } from '../organizations/organizations.service.ts';
import { doorAnswersOf } from '../questions/order-answers.service.ts';
import { doorListEvent, doorListTickets } from './door-list.repository.ts';

/** The last word of a name, which a door list is sorted by ("Ada King Lovelace" → "Lovelace"). */
export const surnameOf = (name: string) => name.trim().split(/\s+/).at(-1) ?? '';

const byName = new Intl.Collator('en-GB', { sensitivity: 'base', numeric: true });

/**
 * An event's attendees on paper, sorted by surname, for the people who work its door: owners, managers and door
 * staff (who already search the same names on the scanner). Another organisation's event, or a non-member: 404.
 * With `questionId`, a question shown at the door, each ticket's answer to it (or its order's) is printed too.
 */
export async function doorList(db: Db, userId: string, eventId: string, questionId?: string): Promise<DoorList> {
  const event = await doorListEvent(db, eventId);
  if (!event) throw notFound('That event');
  await requirePermission(db, event.organization_id, userId, 'checkin.scan', 'That event');
  const [tickets, door] = await Promise.all([
    doorListTickets(db, eventId, doorListMaxRows + 1),
    questionId ? doorAnswersOf(db, eventId, questionId) : null,
  ]);
  const attendees = tickets.slice(0, doorListMaxRows).map((ticket) => {
    const name = ticket.holder_name.trim() || ticket.buyer_name.trim();
    return {
      name,
      surname: surnameOf(name),
      ticketType: ticket.type_name,
      shortCode: ticket.short_code,
      order: ticket.reference,
      checkedIn: Boolean(ticket.checked_in),
      test: ticket.provider === TEST_PROVIDER,
      ...(door ? { answer: door.answerOf(ticket.order_id, ticket.position) } : {}),
    };
  });
  attendees.sort(
    (a, b) => byName.compare(a.surname, b.surname) || byName.compare(a.name, b.name) || a.order.localeCompare(b.order),
  );
  return {
    event: {
      id: event.id,
      title: event.title,
      startsAt: new Date(event.starts_at).toISOString(),
      timeZone: event.timezone,
      venue: [event.venue_name, event.city].filter(Boolean).join(', '),
    },
    attendees,
    ...(door ? { question: door.question } : {}),
    truncated: tickets.length > doorListMaxRows,
  };
}
