import { Link, type ShouldRevalidateFunctionArgs, useParams } from 'react-router';
import { NotFound } from '#app/errors/not-found.tsx';
import { createOrganiserEventLoader } from '#app/loaders/organiser-event-loader.ts';
import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { linkClass } from '#components/button.ts';
import { LoadState } from '#components/load-state.tsx';
import { eventMessagesQueryOptions } from '#features/organizer/api/get-event-messages.ts';
import { useOrganizerEventDetails } from '#features/organizer/api/get-organizer-event.ts';
import { questionsQueryOptions } from '#features/organizer/api/get-questions.ts';
import { MessagesSection } from '#features/organizer/components/messages/messages-section.tsx';
import { statusOf } from '#lib/api-caller.tsx';
import { useRouteSession } from '#lib/session/session-context.tsx';

/** The event, its messages and its questions, for the server's HTML when the token allows it. */
export const createLoader = (context: RouteContext) =>
  createOrganiserEventLoader(context, (eventId) => [
    context.queryClient.prefetchQuery(eventMessagesQueryOptions(context.api, eventId)),
    context.queryClient.prefetchQuery(questionsQueryOptions(context.api, eventId)),
  ]);

/** The composer and an open message live in the address; the page's own queries follow them. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

function MessagesPage({ eventId, organizationId }: { eventId: string; organizationId: string }) {
  const event = useOrganizerEventDetails(eventId);
  if (event.isError && statusOf(event.error) === 404) return <NotFound />;
  if (event.data && event.data.organizer.id !== organizationId) return <NotFound />;
  return (
    <div className="space-y-6">
      <PageMeta
        title={event.data ? `Messages to attendees of ${event.data.title}` : 'Messages to attendees'}
        description="Write to the people holding tickets to the event, and see how each message went."
        noIndex
      />
      <header className="space-y-3">
        <Link to={`/organizer/events/${eventId}`} className={`${linkClass} inline-flex min-h-11 items-center gap-1`}>
          <span aria-hidden="true">←</span> Back to the event
        </Link>
        <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">Messages to attendees</h1>
        <p className="break-words text-slate-600">
          {event.data ? `${event.data.title}: ` : ''}write to the people holding tickets — all of them, some ticket types, those
          checked in or not. Each person receives a message once, by email.
        </p>
      </header>
      {event.data ? (
        <MessagesSection event={event.data} />
      ) : (
        <LoadState what="the event" failed={event.isError} onRetry={() => void event.refetch()} />
      )}
    </div>
  );
}

export function Component() {
  const { eventId = '' } = useParams();
  const { organizationId } = useRouteSession();
  return organizationId ? <MessagesPage eventId={eventId} organizationId={organizationId} /> : null;
}
