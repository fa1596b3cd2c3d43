import { formatEventStart } from '#components/format/dates.ts';
import type { WaitingListJoined } from '#contract/waiting-list.ts';

/** "1 ticket", "3 tickets". */
export const ticketsText = (count: number) => `${count} ticket${count === 1 ? '' : 's'}`;

/** What joining answered, in words: the place in the queue, or the mail to open first. */
export function joinedText(joined: WaitingListJoined): string {
  if (joined.status === 'waiting' && joined.position !== null) {
    return `You’re number ${joined.position} in the queue for ${joined.ticketTypeName}. We’ll email you at ${joined.email} when places come back.`;
  }
  if (joined.status === 'waiting') {
    return `You’re in the queue for ${joined.ticketTypeName}. We’ll email you at ${joined.email} when places come back.`;
  }
  return `Check your email: open the link we sent to ${joined.email} to confirm your place.`;
}

/** "2 × Standard are held for you until Thu 3 Dec, 14:00", in the event's zone. */
export function offerText(quantity: number, typeName: string, expiresAt: string, timeZone: string, now = new Date()): string {
  return `${quantity} × ${typeName} ${quantity === 1 ? 'is' : 'are'} held for you until ${formatEventStart(expiresAt, timeZone, now)}.`;
}

/** The most a buyer may ask for on one list: the type's per-order limit, at most the list's own. */
export function waitingQuantityRange(type: { minPerOrder: number; maxPerOrder: number }, listMax: number) {
  const max = Math.max(1, Math.min(listMax, type.maxPerOrder));
  return { min: Math.min(max, Math.max(1, type.minPerOrder)), max };
}
