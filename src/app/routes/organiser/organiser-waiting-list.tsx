import { Link, useParams } from 'react-router';
import { NotFound } from '#app/errors/not-found.tsx';
import { createOrganiserEventLoader } from '#app/loaders/organiser-event-loader.ts';
import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { linkClass } from '#components/button.ts';
import { LoadState } from '#components/load-state.tsx';
import { useOrganizerEventDetails } from '#features/organizer/api/get-organizer-event.ts';
import { waitingListQueryOptions } from '#features/organizer/api/get-waiting-list.ts';
import { WaitingListSection } from '#features/organizer/components/waiting-list/waiting-list-section.tsx';
import { statusOf } from '#lib/api-caller.tsx';
import { useRouteSession } from '#lib/session/session-context.tsx';

/** The event and its waiting list, for the server's HTML when the token allows it (see createOrganiserEventLoader). */
export const createLoader = (context: RouteContext) =>
  createOrganiserEventLoader(context, (eventId) => [
    context.queryClient.prefetchQuery(waitingListQueryOptions(context.api, eventId)),
  ]);

function WaitingListPage({ eventId, organizationId }: { eventId: string; organizationId: string }) {
  const event = useOrganizerEventDetails(eventId);
  if (event.isError && statusOf(event.error) === 404) return <NotFound />;
  if (event.data && event.data.organizer.id !== organizationId) return <NotFound />;
  return (
    <div className="space-y-6">
      <PageMeta
        title={event.data ? `Waiting list of ${event.data.title}` : 'Waiting list'}
        description="The people waiting for sold-out tickets, and the offers made to them."
        noIndex
      />
      <header className="space-y-3">
        <Link to={`/organizer/events/${eventId}`} className={`${linkClass} inline-flex min-h-11 items-center gap-1`}>
          <span aria-hidden="true">←</span> Back to the event
        </Link>
        <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">Waiting list</h1>
        <p className="break-words text-slate-600">
          {event.data ? `${event.data.title}: ` : ''}people waiting for sold-out tickets, in the order they joined. Places that
          come back are offered to them by email.
        </p>
      </header>
      {event.data ? (
        <WaitingListSection event={event.data} />
      ) : (
        <LoadState what="the event" failed={event.isError} onRetry={() => void event.refetch()} />
      )}
    </div>
  );
}

export function Component() {
  const { eventId = '' } = useParams();
  const { organizationId } = useRouteSession();
  return organizationId ? <WaitingListPage eventId={eventId} organizationId={organizationId} /> : null;
}
