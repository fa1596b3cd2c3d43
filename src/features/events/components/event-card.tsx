import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatEventStart } from '#components/format/dates.ts';
import { categoryLabel } from '#contract/event-categories.ts';
import { eventPlace } from '#contract/event-place.ts';
import type { EventSummary } from '#contract/events.ts';
import { formatPriceFrom } from '#contract/money.ts';
import { useServerText } from '#lib/hydration.ts';

interface EventCardProps {
  event: EventSummary;
  /** A control shown on the card beside the link, e.g. a bookmark button (it must not be inside the link). */
  action?: ReactNode;
  /** Cards likely above the fold load their cover at once; the rest wait until scrolled near. */
  eager?: boolean;
  /** The heading level of the title in the surrounding page. */
  headingLevel?: 2 | 3;
  /** How wide the cover is drawn (`sizes`), when the card is not in `EventGrid`. */
  coverSizes?: string;
}

/** How wide a card's cover is drawn in `EventGrid`: four, three, two or one to a row. */
const gridCoverSizes =
  '(min-width: 1280px) 17rem, (min-width: 1024px) 23rem, (min-width: 640px) calc(50vw - 2rem), calc(100vw - 2rem)';

/** For lists of at most two cards to a row beside a side column (the search results, the bookmarks). */
export const twoColumnCoverSizes = '(min-width: 640px) 28rem, calc(100vw - 2rem)';

export function EventCard({ event, action, eager = false, headingLevel = 3, coverSizes = gridCoverSizes }: EventCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // Hydrating, the card keeps the date and price the server wrote: formatting them is the costly part.
  const keepServerText = useServerText(event);
  const priced = event.priceFrom !== null && event.currency !== null;
  const cancelled = event.status === 'cancelled';
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md">
      <div className="relative aspect-video bg-slate-200">
        {event.coverImageUrl ? (
          <img
            src={event.coverImageUrl}
            srcSet={event.coverImageSrcSet ?? undefined}
            sizes={coverSizes}
            alt={event.title}
            width={960}
            height={540}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className="h-full w-full object-cover"
          />
        ) : (
          <div
            aria-hidden="true"
            className="flex h-full items-center justify-center bg-indigo-100 font-bold text-3xl text-indigo-400"
          >
            {event.title.slice(0, 1)}
          </div>
        )}
        {event.soldOut || cancelled ? (
          <span className="absolute top-3 left-3 rounded-full bg-slate-900/85 px-3 py-1 font-semibold text-sm text-white">
            {cancelled ? 'Cancelled' : 'Sold out'}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <p className="font-semibold text-indigo-700 text-sm">
          <time dateTime={event.startsAt} suppressHydrationWarning>
            {keepServerText ? '' : formatEventStart(event.startsAt, event.timezone)}
          </time>
        </p>
        <Heading className="font-bold text-lg text-slate-900 leading-snug">
          {/* The link's box covers the whole card, so the card is one large target. */}
          <Link
            to={`/event/${event.id}`}
            viewTransition
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:rounded-2xl focus-visible:after:outline-3 focus-visible:after:outline-indigo-500"
          >
            {event.title}
          </Link>
        </Heading>
        <p className="text-slate-600 text-sm">{eventPlace(event)}</p>
        <div className="mt-auto flex items-end justify-between gap-3 pt-3">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            {priced ? (
              <span className="font-semibold text-slate-900" suppressHydrationWarning>
                {keepServerText ? '' : formatPriceFrom(event.priceFrom, event.currency)}
              </span>
            ) : null}
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">{categoryLabel(event.category)}</span>
          </div>
          {action ? <div className="relative z-10 shrink-0">{action}</div> : null}
        </div>
      </div>
    </article>
  );
}
