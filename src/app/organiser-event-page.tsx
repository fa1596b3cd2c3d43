import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { NotFound } from '#app/errors/not-found.tsx';
import { PageMeta } from '#app/page-meta.tsx';
import { linkClass } from '#components/button.ts';
import { LoadState } from '#components/load-state.tsx';
import type { Event } from '#contract/events.ts';
import { useOrganizerEventDetails } from '#features/organizer/api/get-organizer-event.ts';
import { statusOf } from '#lib/api-caller.tsx';
import { useRouteSession } from '#lib/session/session-context.tsx';

export interface OrganiserEventPageProps {
  /** The page's heading, and its title while the event loads. */
  heading: string;
  /** The page's title once the event's title is known. */
  title: (eventTitle: string) => string;
  description: string;
  /** What the page is for, after "<event title>: ". */
  intro: string;
  /** The page's content, once the event is loaded. */
  children: (event: Event) => ReactNode;
}

/**
 * One page about one event of the organiser's organisation (its codes, capacity, waiting list, questions, messages):
 * the way back to the event, the heading and what the page is for, then the content. An event of another organisation,
 * or none, is the 404 page.
 */
export function OrganiserEventPage(props: OrganiserEventPageProps) {
  const { eventId = '' } = useParams();
  const { organizationId } = useRouteSession();
  return organizationId ? <EventPage {...props} eventId={eventId} organizationId={organizationId} /> : null;
}

function EventPage({
  heading,
  title,
  description,
  intro,
  children,
  eventId,
  organizationId,
}: OrganiserEventPageProps & { eventId: string; organizationId: string }) {
  const event = useOrganizerEventDetails(eventId);
  if (event.isError && statusOf(event.error) === 404) return <NotFound />;
  if (event.data && event.data.organizer.id !== organizationId) return <NotFound />;
  return (
    <div className="space-y-6">
      <PageMeta title={event.data ? title(event.data.title) : heading} description={description} noIndex />
      <header className="space-y-3">
        <Link to={`/organizer/events/${eventId}`} className={`${linkClass} inline-flex min-h-11 items-center gap-1`}>
          <span aria-hidden="true">←</span> Back to the event
        </Link>
        <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">{heading}</h1>
        <p className="break-words text-slate-600">
          {event.data ? `${event.data.title}: ` : ''}
          {intro}
        </p>
      </header>
      {event.data ? (
        children(event.data)
      ) : (
        <LoadState what="the event" failed={event.isError} onRetry={() => void event.refetch()} />
      )}
    </div>
  );
}
