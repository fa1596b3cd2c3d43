import { formatDateTime } from '#components/format/date-time.ts';
import type { Order } from '#contract/orders.ts';

export interface BookingSections {
  /** Events still to come with tickets (or a payment under way), soonest first. */
  upcoming: Order[];
  /** Events that have ended, most recent first. */
  past: Order[];
  /** Orders that hold no tickets: failed, lapsed, cancelled or refunded; newest first. */
  inactive: Order[];
}

/** Paid (or partly refunded): the order admits its holders. */
export const holdsTickets = (order: Order) => order.status === 'paid' || order.status === 'partially_refunded';

/** The account's orders as the bookings page groups them. */
export function bookingSections(orders: readonly Order[], now: number): BookingSections {
  const time = (iso: string) => new Date(iso).getTime();
  const upcoming: Order[] = [];
  const past: Order[] = [];
  const inactive: Order[] = [];
  for (const order of orders) {
    const ended = time(order.event.endsAt) <= now;
    if (holdsTickets(order)) (ended ? past : upcoming).push(order);
    else if (order.status === 'pending' && !ended) upcoming.push(order);
    else inactive.push(order);
  }
  upcoming.sort((a, b) => time(a.event.startsAt) - time(b.event.startsAt));
  past.sort((a, b) => time(b.event.startsAt) - time(a.event.startsAt));
  inactive.sort((a, b) => time(b.createdAt) - time(a.createdAt));
  return { upcoming, past, inactive };
}

/** "just now", "5 minutes ago", "3 hours ago", else the date and time: when the list was last fetched. */
export function lastUpdatedText(updatedAt: number, now: number, timeZone?: string): string {
  const minutes = Math.floor((now - updatedAt) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  return formatDateTime(updatedAt, { timeZone, withYear: false });
}
