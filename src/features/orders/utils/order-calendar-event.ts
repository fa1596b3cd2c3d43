import type { CalendarEvent } from '#contract/calendar-file.ts';
import type { Order } from '#contract/orders.ts';

/** The order's event as a calendar entry, with the event page as its link. */
export function orderCalendarEvent(event: Order['event'], origin: string): CalendarEvent {
  const location = event.isOnline ? 'Online' : [event.venueName, event.address, event.city].filter(Boolean).join(', ');
  return {
    id: event.id,
    title: event.title,
    description: 'Your tickets are in Admit: My account › Bookings.',
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    location,
    url: `${origin}/event/${event.id}`,
    cancelled: false,
  };
}
