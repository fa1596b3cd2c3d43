import { Link, type LoaderFunctionArgs, useLoaderData, useParams } from 'react-router';
import { NotFound } from '#app/errors/not-found.tsx';
import { notFound } from '#app/not-found-response.ts';
import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { linkClass } from '#components/button.ts';
import { readFilters } from '#components/data-table/url-filters.ts';
import { LoadState } from '#components/load-state.tsx';
import { eventParamsSchema } from '#contract/events.ts';
import { discountCodesQueryOptions } from '#features/organizer/api/get-discount-codes.ts';
import { organizerEventQueryOptions, useOrganizerEventDetails } from '#features/organizer/api/get-organizer-event.ts';
import { codeFilters, DiscountCodesSection } from '#features/organizer/components/codes/discount-codes-section.tsx';
import { statusOf } from '#lib/api-caller.tsx';
import { useRouteSession } from '#lib/session/session-context.tsx';

interface CodesLoaderData {
  /** When the page was loaded: the codes' statuses read the same on the server and while hydrating. */
  asOf: number;
}

/**
 * An address whose event id is not an id names nothing: the 404 page. Otherwise the event and the first page of codes
 * are fetched for the server's HTML when the token allows it; the page loads them itself when it does not.
 */
export function createLoader({ queryClient, api, session }: RouteContext) {
  return async ({ params, request }: LoaderFunctionArgs): Promise<CodesLoaderData> => {
    const parsed = eventParamsSchema.safeParse(params);
    if (!parsed.success) throw notFound();
    const { eventId } = parsed.data;
    const canAsk = session().token !== null || typeof document !== 'undefined';
    if (canAsk) {
      const filters = readFilters(codeFilters, new URL(request.url).searchParams);
      await Promise.all([
        queryClient.prefetchQuery(organizerEventQueryOptions(api, eventId)),
        queryClient.prefetchQuery(
          discountCodesQueryOptions(api, eventId, { search: filters.q, archived: filters.archived === true, page: filters.page }),
        ),
      ]);
    }
    return { asOf: Date.now() };
  };
}

function CodesPage({ eventId, organizationId }: { eventId: string; organizationId: string }) {
  const { asOf } = useLoaderData() as CodesLoaderData;
  const event = useOrganizerEventDetails(eventId);
  if (event.isError && statusOf(event.error) === 404) return <NotFound />;
  if (event.data && event.data.organizer.id !== organizationId) return <NotFound />;
  return (
    <div className="space-y-6">
      <PageMeta
        title={event.data ? `Codes for ${event.data.title}` : 'Discount codes'}
        description="Discount and access codes."
        noIndex
      />
      <header className="space-y-3">
        <Link to={`/organizer/events/${eventId}`} className={`${linkClass} inline-flex min-h-11 items-center gap-1`}>
          <span aria-hidden="true">←</span> Back to the event
        </Link>
        <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">Discount codes</h1>
        <p className="break-words text-slate-600">
          {event.data ? `${event.data.title}: ` : ''}codes that take money off tickets, or show hidden tickets to whoever has
          them.
        </p>
      </header>
      {event.data ? (
        <DiscountCodesSection event={event.data} asOf={asOf} />
      ) : (
        <LoadState what="the event" failed={event.isError} onRetry={() => void event.refetch()} />
      )}
    </div>
  );
}

export function Component() {
  const { eventId = '' } = useParams();
  const { organizationId } = useRouteSession();
  return organizationId ? <CodesPage eventId={eventId} organizationId={organizationId} /> : null;
}
