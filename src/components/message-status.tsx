import { formatCount } from '#contract/count-text.ts';
import {
  type AttendeeMessage,
  type AttendeeMessageStatus,
  attendeeMessageStatusNames,
  type DeliveryCounts,
} from '../contract/attendee-messages.ts';

// How a message to attendees shows, to its organiser and to an administrator alike: its status's colours, its reach and
// how its mail went.

const messageStatusTones: Record<AttendeeMessageStatus, string> = {
  awaiting_approval: 'bg-amber-100 text-amber-900',
  scheduled: 'bg-sky-100 text-sky-900',
  sending: 'bg-indigo-100 text-indigo-900',
  sent: 'bg-emerald-100 text-emerald-900',
  stopped: 'bg-slate-200 text-slate-800',
};

/** A message's status in words, as a small coloured label. */
export function MessageStatusBadge({ status }: { status: AttendeeMessageStatus }) {
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 font-semibold text-xs ${messageStatusTones[status]}`}
    >
      {attendeeMessageStatusNames[status]}
    </span>
  );
}

const plural = (value: number, one: string, many: string) => `${formatCount(value)} ${value === 1 ? one : many}`;

/** "sent 1,203 · bounced 2 · failed 0 · waiting 40"; null before anyone was written to. */
export function deliveryText(delivery: DeliveryCounts): string | null {
  const total = delivery.sent + delivery.bounced + delivery.failed + delivery.waiting;
  if (total === 0) return null;
  return `sent ${formatCount(delivery.sent)} · bounced ${formatCount(delivery.bounced)} · failed ${formatCount(delivery.failed)} · waiting ${formatCount(delivery.waiting)}`;
}

/** "1,203 people"; before it starts sending, whom its audience reaches now (tickets sold until then count too). */
export function reachText(message: Pick<AttendeeMessage, 'recipientCount' | 'status' | 'reachNow'>): string {
  if (message.recipientCount !== null) return plural(message.recipientCount, 'person', 'people');
  if (message.status === 'stopped') return 'Nobody: stopped before it went';
  if (message.reachNow)
    return `${plural(message.reachNow.people, 'person', 'people')} now (${plural(message.reachNow.tickets, 'ticket', 'tickets')})`;
  return 'Counted when it starts sending';
}

/** Whether a message can still be stopped: it has not gone to everyone and was not stopped. */
export const isUnfinished = (message: Pick<AttendeeMessage, 'status'>) =>
  message.status !== 'sent' && message.status !== 'stopped';

/** "Reaches 12 people (14 tickets)". */
export const audienceCountText = (people: number, tickets: number) =>
  `Reaches ${plural(people, 'person', 'people')} (${plural(tickets, 'ticket', 'tickets')})`;
