import type { EventSummary } from './events.ts';

/** Where an event is, in one line (event cards, the organiser's list): "Venue, City", or "Online". */
export function eventPlace(event: Pick<EventSummary, 'isOnline' | 'venueName' | 'city'>): string {
  if (event.isOnline) return 'Online';
  return [event.venueName, event.city].filter(Boolean).join(', ');
}
