import { formatEventRange, useViewerZoneWhenOther } from '#components/format/dates.ts';
import type { EventSummary } from '#contract/events.ts';
import { useServerText } from '#lib/hydration.ts';

interface EventDatesProps {
  event: Pick<EventSummary, 'startsAt' | 'endsAt' | 'timezone'>;
  /** The event's zone's offset from UTC at its start, in minutes (from the page's loader). */
  offsetAtStart: number;
}

/** The event's dates in its own zone; after hydration, also in the viewer's zone when their clock differs. */
export function EventDates({ event, offsetAtStart }: EventDatesProps) {
  const viewerZone = useViewerZoneWhenOther(event.startsAt, offsetAtStart);
  // Hydrating, the page keeps the dates the server wrote: the first date formatted loads the zone data.
  const keepServerText = useServerText(`${event.startsAt}|${event.endsAt}|${event.timezone}`);
  return (
    <div>
      <p className="font-semibold text-slate-900">
        <time dateTime={event.startsAt} suppressHydrationWarning>
          {keepServerText ? '' : formatEventRange(event.startsAt, event.endsAt, event.timezone)}
        </time>
      </p>
      <p className="text-slate-600 text-sm">Local time at the event ({event.timezone.replace(/_/g, ' ')})</p>
      {viewerZone ? (
        <p className="mt-1 text-slate-700 text-sm">Your time: {formatEventRange(event.startsAt, event.endsAt, viewerZone)}</p>
      ) : null}
    </div>
  );
}
