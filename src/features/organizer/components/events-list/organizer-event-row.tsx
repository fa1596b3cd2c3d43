import { Link } from 'react-router';
import { formatEventStart } from '#components/format/dates.ts';
import { eventPlace } from '#contract/event-place.ts';
import type { OrganizerEventSummary } from '#contract/events.ts';
import { EventStatusBadge } from '../event-status-badge.tsx';

/** Tickets sold of all capacity, as the list reports them. */
function SalesCount({ sold, capacity }: { sold: number; capacity: number }) {
  return (
    <span className="font-semibold text-slate-900">
      {sold} sold{capacity > 0 ? <span className="font-normal text-slate-600"> of {capacity}</span> : null}
    </span>
  );
}

/** One event in the organiser's list: the whole card opens its editor. */
export function OrganizerEventRow({ event, asOf }: { event: OrganizerEventSummary; asOf: number }) {
  const ended = Date.parse(event.endsAt) <= asOf;
  const place = eventPlace(event);
  return (
    <li className="relative flex gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md focus-within:ring-2 focus-within:ring-indigo-500 sm:gap-4 sm:p-4">
      <div className="size-20 shrink-0 overflow-hidden rounded-xl bg-indigo-100 sm:h-20 sm:w-32">
        {event.coverImageUrl ? (
          <img
            src={event.coverImageUrl}
            srcSet={event.coverImageSrcSet ?? undefined}
            sizes="8rem"
            alt=""
            loading="lazy"
            decoding="async"
            className="h-full w-full object-cover"
          />
        ) : (
          <div aria-hidden="true" className="flex h-full items-center justify-center font-bold text-2xl text-indigo-400">
            {event.title.slice(0, 1)}
          </div>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <EventStatusBadge status={event.status} ended={ended} />
          {event.soldOut && event.status === 'published' && !ended ? (
            <span className="font-semibold text-red-700 text-xs">Sold out</span>
          ) : null}
          {event.testMode ? (
            <span className="rounded-md bg-amber-300 px-2 py-0.5 font-bold text-amber-950 text-xs">Test mode</span>
          ) : null}
        </div>
        <h3 className="mt-1 break-words font-bold text-slate-900 leading-snug">
          {/* The link's box covers the card, so the whole card is one large target. */}
          <Link
            to={`/organizer/events/${event.id}`}
            className="after:absolute after:inset-0 after:rounded-2xl focus:outline-none"
          >
            {event.title}
          </Link>
        </h3>
        <p className="text-slate-700 text-sm">
          <time dateTime={event.startsAt}>{formatEventStart(event.startsAt, event.timezone, new Date(asOf))}</time>
          {place ? <span className="text-slate-600"> · {place}</span> : null}
        </p>
        <p className="mt-1 text-sm">
          <SalesCount sold={event.ticketsSold} capacity={event.capacity} />
        </p>
      </div>
    </li>
  );
}
