import { Link, useParams } from 'react-router';
import { NotFound } from '#app/errors/not-found.tsx';
import { createOrganiserEventLoader } from '#app/loaders/organiser-event-loader.ts';
import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { linkClass } from '#components/button.ts';
import { LoadState } from '#components/load-state.tsx';
import { useOrganizerEventDetails } from '#features/organizer/api/get-organizer-event.ts';
import { questionsQueryOptions } from '#features/organizer/api/get-questions.ts';
import { QuestionsSection } from '#features/organizer/components/questions/questions-section.tsx';
import { statusOf } from '#lib/api-caller.tsx';
import { useRouteSession } from '#lib/session/session-context.tsx';

/** The event and its questions, for the server's HTML when the token allows it (see createOrganiserEventLoader). */
export const createLoader = (context: RouteContext) =>
  createOrganiserEventLoader(context, (eventId) => [
    context.queryClient.prefetchQuery(questionsQueryOptions(context.api, eventId)),
  ]);

function QuestionsPage({ eventId, organizationId }: { eventId: string; organizationId: string }) {
  const event = useOrganizerEventDetails(eventId);
  if (event.isError && statusOf(event.error) === 404) return <NotFound />;
  if (event.data && event.data.organizer.id !== organizationId) return <NotFound />;
  return (
    <div className="space-y-6">
      <PageMeta
        title={event.data ? `Questions for ${event.data.title}` : 'Questions at checkout'}
        description="The questions buyers answer when they book."
        noIndex
      />
      <header className="space-y-3">
        <Link to={`/organizer/events/${eventId}`} className={`${linkClass} inline-flex min-h-11 items-center gap-1`}>
          <span aria-hidden="true">←</span> Back to the event
        </Link>
        <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">Questions at checkout</h1>
        <p className="break-words text-slate-600">
          {event.data ? `${event.data.title}: ` : ''}what buyers answer when they book, once per order or for each ticket. You see
          the answers on each order.
        </p>
      </header>
      {event.data ? (
        <QuestionsSection event={event.data} />
      ) : (
        <LoadState what="the event" failed={event.isError} onRetry={() => void event.refetch()} />
      )}
    </div>
  );
}

export function Component() {
  const { eventId = '' } = useParams();
  const { organizationId } = useRouteSession();
  return organizationId ? <QuestionsPage eventId={eventId} organizationId={organizationId} /> : null;
}
