import type { ReactNode } from 'react';
import type { EventSummary } from '#contract/events.ts';
import { EventCard } from './event-card.tsx';

interface EventGridProps {
  events: EventSummary[];
  /** How many cards load their cover at once (the ones likely on the first screen). */
  eagerCount?: number;
  /** What to show when there are no events. */
  empty?: ReactNode;
  headingLevel?: 2 | 3;
}

/** Event cards in a responsive grid: one column on phones, up to four on wide screens. */
export function EventGrid({ events, eagerCount = 2, empty = null, headingLevel = 3 }: EventGridProps) {
  if (events.length === 0) return <>{empty}</>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {events.map((event, index) => (
        <li key={event.id}>
          <EventCard event={event} eager={index < eagerCount} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
