import type { Order } from '../../../contract/orders.ts';
import { AddToCalendarButton } from '../../events/components/event-actions.tsx';

/** The order's event as a calendar file, with the event page as its link. */
export function OrderCalendarButton({ event, origin }: { event: Order['event']; origin: string }) {
  const location = event.isOnline ? 'Online' : [event.venueName, event.address, event.city].filter(Boolean).join(', ');
  return (
    <AddToCalendarButton
      event={{
        id: event.id,
        title: event.title,
        description: 'Your tickets are in Admit: My account › Bookings.',
        startsAt: event.startsAt,
        endsAt: event.endsAt,
        location,
        url: `${origin}/event/${event.id}`,
        cancelled: false,
      }}
    />
  );
}
