import { formatEventRange, sameOffset, useViewerTimeZone } from '../../../components/format/dates.ts';
import type { EventSummary } from '../../../contract/events.ts';
import { useServerText } from '../../../lib/hydration.ts';

/** The event's dates in its own zone; after hydration, also in the viewer's zone when that differs. */
export function EventDates({ event }: { event: Pick<EventSummary, 'startsAt' | 'endsAt' | 'timezone'> }) {
  const viewerZone = useViewerTimeZone();
  // Hydrating, the page keeps the dates the server wrote: the first date formatted loads the zone data.
  const keepServerText = useServerText(`${event.startsAt}|${event.endsAt}|${event.timezone}`);
  const showViewer = viewerZone !== null && !sameOffset(new Date(event.startsAt), event.timezone, viewerZone);
  return (
    <div>
      <p className="font-semibold text-slate-900">
        <time dateTime={event.startsAt} suppressHydrationWarning>
          {keepServerText ? '' : formatEventRange(event.startsAt, event.endsAt, event.timezone)}
        </time>
      </p>
      <p className="text-slate-600 text-sm">Local time at the event ({event.timezone.replace(/_/g, ' ')})</p>
      {showViewer ? (
        <p className="mt-1 text-slate-700 text-sm">Your time: {formatEventRange(event.startsAt, event.endsAt, viewerZone)}</p>
      ) : null}
    </div>
  );
}
