import { type LoaderFunctionArgs, useLoaderData, useLocation, useParams } from 'react-router';
import { NotFound } from '#app/errors/not-found.tsx';
import { notFound, orNotFound } from '#app/not-found-response.ts';
import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { buttonClass } from '#components/button.ts';
import { MarkdownText } from '#components/markdown/markdown-text.tsx';
import { Spinner } from '#components/submit-button.tsx';
import type { Event } from '#contract/events.ts';
import { eventParamsSchema } from '#contract/events.ts';
import { organizationProfileQueryOptions, useOrganizationProfile } from '#features/organizer/api/get-organization-profile.ts';
import { organizerEventQueryOptions, useOrganizerEventDetails } from '#features/organizer/api/get-organizer-event.ts';
import { prefetchMember } from '#features/organizer/api/prefetch-member.ts';
import { EventEditor } from '#features/organizer/components/editor/event-editor.tsx';
import { useCanEdit } from '#features/organizer/hooks/use-can-edit.ts';
import type { EditorNavigationState } from '#features/organizer/hooks/use-event-actions.ts';
import { statusOf } from '#lib/api-caller.tsx';
import { useBootState } from '#lib/public-config.tsx';
import { useRouteSession } from '#lib/session/session-context.tsx';

interface EditorLoaderData {
  asOf: number;
}

/**
 * `new` creates; any other id must be an event of the member's own organisation, else the 404 page.
 * A server render whose access token has lapsed cannot ask for a draft (the browser renews the token
 * itself), so the page then loads the event after hydration instead of answering 404.
 */
export function createLoader({ queryClient, api, session }: RouteContext) {
  return async ({ params }: LoaderFunctionArgs): Promise<EditorLoaderData> => {
    const { organizationId, authId, token } = session();
    if (!organizationId) throw notFound();
    const parsed = params.eventId === 'new' ? null : eventParamsSchema.safeParse(params);
    if (parsed && !parsed.success) throw notFound();
    const loads = Promise.all([
      queryClient.ensureQueryData(organizationProfileQueryOptions(api, organizationId)),
      prefetchMember(queryClient, api, authId),
    ]);
    // A 404 below ends the request before these are awaited: their outcome must not be left unhandled.
    loads.catch(() => undefined);
    const canAsk = token !== null || typeof document !== 'undefined';
    if (parsed?.success && canAsk) {
      // Fresh, not merely cached: the editor sends back ticket type ids, which must be current.
      const event = await orNotFound(queryClient.fetchQuery(organizerEventQueryOptions(api, parsed.data.eventId)));
      if (event.organizer.id !== organizationId) throw notFound();
    }
    await loads;
    return { asOf: Date.now() };
  };
}

function Editor({ event, organizationId }: { event: Event | null; organizationId: string }) {
  const { asOf } = useLoaderData() as EditorLoaderData;
  const { data: organization } = useOrganizationProfile(organizationId);
  const { config } = useBootState();
  const canEdit = useCanEdit();
  const state = useLocation().state as EditorNavigationState | null;
  return (
    <>
      <PageMeta title={event ? `Edit ${event.title}` : 'New event'} description="Create and edit an event." noIndex />
      <EventEditor
        key={event?.id ?? 'new'}
        event={event}
        organization={organization}
        canEdit={canEdit}
        mapsApiKey={config.mapsApiKey}
        Preview={MarkdownText}
        asOf={asOf}
        initialProblem={state?.problem ?? null}
      />
    </>
  );
}

function SavedEventEditor({ eventId, organizationId }: { eventId: string; organizationId: string }) {
  const event = useOrganizerEventDetails(eventId);
  if (event.data) {
    return event.data.organizer.id === organizationId ? (
      <Editor event={event.data} organizationId={organizationId} />
    ) : (
      <NotFound />
    );
  }
  if (event.isError) return statusOf(event.error) === 404 ? <NotFound /> : <LoadFailed retry={() => void event.refetch()} />;
  return (
    <p role="status" className="flex items-center gap-2 text-slate-600">
      <Spinner /> Loading the event…
    </p>
  );
}

function LoadFailed({ retry }: { retry: () => void }) {
  return (
    <div role="alert" className="mx-auto max-w-xl rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
      <h1 className="font-bold text-lg text-slate-900">The event could not be loaded</h1>
      <p className="mt-1 text-slate-600">Check your connection and try again.</p>
      <button type="button" onClick={retry} className={`${buttonClass('secondary')} mt-4`}>
        Try again
      </button>
    </div>
  );
}

export function Component() {
  const { eventId = 'new' } = useParams();
  const { organizationId } = useRouteSession();
  if (!organizationId) return null;
  return eventId === 'new' ? (
    <Editor event={null} organizationId={organizationId} />
  ) : (
    <SavedEventEditor eventId={eventId} organizationId={organizationId} />
  );
}
