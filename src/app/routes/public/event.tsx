import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData, useParams } from 'react-router';
import { notFound, orNotFound } from '#app/not-found-response.ts';
import { absoluteUrl, PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { useClientNow, zoneOffsetMinutes } from '#components/format/dates.ts';
import { MarkdownText } from '#components/markdown/markdown-text.tsx';
import { RefundPolicyNote } from '#components/refund-policy-note.tsx';
import { categoryLabel } from '#contract/event-categories.ts';
import { isUuid } from '#contract/ids.ts';
import { BookmarkButton } from '#features/bookmarks/components/bookmark-button.tsx';
import { eventQueryOptions, useEvent } from '#features/events/api/get-event.ts';
import { AddToCalendarButton, ShareButton } from '#features/events/components/event-actions.tsx';
import { EventDates } from '#features/events/components/event-dates.tsx';
import { EventStatusBanner } from '#features/events/components/event-status-banner.tsx';
import { OrganizerCard } from '#features/events/components/organizer-card.tsx';
import { ticketAvailability } from '#features/events/components/ticket-list.tsx';
import { TicketsPanel } from '#features/events/components/tickets-panel.tsx';
import { VenueDetails } from '#features/events/components/venue-details.tsx';
import { eventJsonLd } from '#features/events/utils/event-json-ld.ts';
import { TicketSelection } from '#features/orders/components/ticket-selection.tsx';
import { JoinWaitingList } from '#features/waiting-list/components/join-waiting-list.tsx';
import { useBootState } from '#lib/public-config.tsx';

interface EventLoaderData {
  /** When the page was loaded: the first render judges "ended" and "sales end" by it, on server and client alike. */
  asOf: number;
  /** The event's zone's offset from UTC at its start, in minutes: the browser compares its own clock with it. */
  offsetAtStart: number;
}

/** Not a UUID, unknown, or a draft the visitor may not see: all the 404 page, with status 404. */
export function createLoader({ queryClient, api }: RouteContext) {
  return async ({ params }: LoaderFunctionArgs): Promise<EventLoaderData> => {
    const { eventId } = params;
    if (!isUuid(eventId)) throw notFound();
    const event = await orNotFound(queryClient.ensureQueryData(eventQueryOptions(api, eventId)));
    return { asOf: Date.now(), offsetAtStart: zoneOffsetMinutes(new Date(event.startsAt), event.timezone) };
  };
}

function shareDescription(summary: string, description: string): string {
  if (summary) return summary;
  const plain = description
    .replace(/[*_#[\]()>`-]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > 160 ? `${plain.slice(0, 157)}…` : plain || 'An event on Admit.';
}

export function Component() {
  const { eventId = '' } = useParams();
  const { asOf, offsetAtStart } = useLoaderData() as EventLoaderData;
  const { data: event } = useEvent(eventId);
  const { origin } = useBootState();
  const now = useClientNow(asOf);
  const ended = new Date(event.endsAt).getTime() <= now;
  const pageUrl = `${origin}/event/${event.id}`;
  const cover = event.coverImageUrl ? absoluteUrl(origin, event.coverImageUrl) : null;
  const description = shareDescription(event.summary, event.description);
  const location = event.isOnline
    ? 'Online'
    : [event.venue?.name, event.venue?.address, event.venue?.city, event.venue?.country].filter(Boolean).join(', ');

  return (
    <article className="space-y-6">
      <PageMeta
        title={event.title}
        description={description}
        noIndex={event.status === 'draft'}
        image={cover ? { url: cover, alt: event.title, width: 960, height: 540 } : null}
        jsonLd={
          event.status === 'draft'
            ? null
            : eventJsonLd(event, pageUrl, `${origin}/organisation-view/${event.organizer.id}`, cover)
        }
      />
      <EventStatusBanner status={event.status} ended={ended} />
      {/* One column on phones (event, tickets, details); on wide screens tickets and organiser sit on the right. */}
      <div className="grid gap-6 lg:grid-cols-3 lg:gap-x-8">
        <div className="space-y-6 lg:col-span-2">
          {event.coverImageUrl ? (
            <img
              src={event.coverImageUrl}
              srcSet={event.coverImageSrcSet ?? undefined}
              // Two thirds of the page on wide screens, the whole width on phones.
              sizes="(min-width: 1024px) 46rem, calc(100vw - 2rem)"
              alt={event.title}
              width={960}
              height={540}
              fetchPriority="high"
              decoding="async"
              className="aspect-video w-full rounded-2xl bg-slate-200 object-cover"
            />
          ) : null}
          <header className="space-y-3">
            <p className="font-semibold text-indigo-700 text-sm uppercase tracking-wide">{categoryLabel(event.category)}</p>
            <h1 className="break-words font-extrabold text-3xl text-slate-900 leading-tight sm:text-4xl">{event.title}</h1>
            {event.summary ? <p className="max-w-3xl text-lg text-slate-700">{event.summary}</p> : null}
            <EventDates event={event} offsetAtStart={offsetAtStart} />
            <div className="flex flex-wrap items-start gap-2 pt-1">
              {event.status === 'published' ? <BookmarkButton eventId={event.id} event={event} /> : null}
              <ShareButton title={event.title} text={description} url={pageUrl} />
              {event.status === 'cancelled' ? null : (
                <AddToCalendarButton
                  event={{
                    id: event.id,
                    title: event.title,
                    description: event.summary,
                    startsAt: event.startsAt,
                    endsAt: event.endsAt,
                    location,
                    url: pageUrl,
                    cancelled: false,
                  }}
                />
              )}
            </div>
          </header>
        </div>
        <aside aria-label="Tickets and organiser" className="space-y-4 lg:col-start-3 lg:row-span-2 lg:row-start-1">
          <TicketsPanel
            event={event}
            ended={ended}
            now={now}
            booking={
              <TicketSelection
                event={event}
                now={now}
                availabilityOf={(type) => ticketAvailability(type, event.timezone, now)}
                waitingList={(type) => <JoinWaitingList eventId={event.id} type={type} />}
              />
            }
          />
          {event.ticketTypes.length > 0 ? (
            <RefundPolicyNote
              policy={event.refundPolicy}
              startsAt={event.startsAt}
              timeZone={event.timezone}
              transferCutoffHours={event.transferCutoffHours}
            />
          ) : null}
          <OrganizerCard organizer={event.organizer} />
        </aside>
        <div className="space-y-8 lg:col-span-2">
          <section aria-labelledby="where-title">
            <h2 id="where-title" className="font-bold text-slate-900 text-xl">
              Where
            </h2>
            <div className="mt-3">
              <VenueDetails event={event} />
            </div>
          </section>
          {event.description ? (
            <section aria-labelledby="about-title">
              <h2 id="about-title" className="font-bold text-slate-900 text-xl">
                About this event
              </h2>
              <div className="mt-1">
                <MarkdownText source={event.description} />
              </div>
            </section>
          ) : null}
        </div>
      </div>
    </article>
  );
}
