import { useQueries, useQuery } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData, useParams } from 'react-router';
import { notFound, orNotFound } from '#app/not-found-response.ts';
import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { isUuid } from '#contract/ids.ts';
import { eventsQueryOptions } from '#features/events/api/get-events.ts';
import { organizationQueryOptions, useOrganization } from '#features/events/api/get-organization.ts';
import { EventGrid } from '#features/events/components/event-grid.tsx';
import { OrganisationHeader } from '#features/events/components/organisation-header.tsx';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { useBootState } from '#lib/public-config.tsx';
import type { EventsQuery } from '#lib/query-keys/events.ts';

/** Past events come oldest first from the API, so the most recent are on its last pages. */
const pastPageSize = 50;
const pastShown = 12;
const upcomingQuery = (organizationId: string): EventsQuery => ({ organizationId, pageSize: 24 });
const pastQuery = (organizationId: string, asOf: string, page: number): EventsQuery => ({
  organizationId,
  includePast: true,
  to: asOf,
  pageSize: pastPageSize,
  page,
});

interface OrganisationLoaderData {
  /** The moment "past" is judged at, the same on the server and while hydrating. */
  asOf: string;
  /** The pages of past events that hold the most recent ones. */
  pastPages: number[];
}

async function loadPastPages(
  queryClient: RouteContext['queryClient'],
  api: ApiCaller,
  organizationId: string,
  asOf: string,
): Promise<number[]> {
  const first = await queryClient.ensureQueryData(eventsQueryOptions(api, pastQuery(organizationId, asOf, 1)));
  const lastPage = Math.ceil(first.total / pastPageSize);
  if (lastPage <= 1) return [1];
  const pages = [...new Set([Math.max(lastPage - 1, 1), lastPage])];
  await Promise.all(
    pages.map((page) => queryClient.ensureQueryData(eventsQueryOptions(api, pastQuery(organizationId, asOf, page)))),
  );
  return pages;
}

export function createLoader({ queryClient, api }: RouteContext) {
  return async ({ params }: LoaderFunctionArgs): Promise<OrganisationLoaderData> => {
    const organizationId = params.orgId;
    if (!isUuid(organizationId)) throw notFound();
    // Minute precision: requests within the same minute share the cached lists.
    const asOf = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();
    const [, , pastPages] = await orNotFound(
      Promise.all([
        queryClient.ensureQueryData(organizationQueryOptions(api, organizationId)),
        queryClient.ensureQueryData(eventsQueryOptions(api, upcomingQuery(organizationId))),
        loadPastPages(queryClient, api, organizationId, asOf),
      ]),
    );
    return { asOf, pastPages };
  };
}

function usePastEvents(organizationId: string, { asOf, pastPages }: OrganisationLoaderData) {
  const api = useApiCaller();
  const pages = useQueries({
    queries: pastPages.map((page) => eventsQueryOptions(api, pastQuery(organizationId, asOf, page))),
  });
  const ended = Date.parse(asOf);
  return pages
    .flatMap((page) => page.data?.items ?? [])
    .filter((event) => Date.parse(event.endsAt) <= ended)
    .sort((a, b) => b.startsAt.localeCompare(a.startsAt))
    .slice(0, pastShown);
}

export function Component() {
  const { orgId = '' } = useParams();
  const loaderData = useLoaderData() as OrganisationLoaderData;
  const { origin } = useBootState();
  const api = useApiCaller();
  const { data: organisation } = useOrganization(orgId);
  const upcoming = useQuery(eventsQueryOptions(api, upcomingQuery(orgId)));
  const past = usePastEvents(orgId, loaderData);
  const upcomingEvents = upcoming.data?.items ?? [];
  const cover = upcomingEvents.find((event) => event.coverImageUrl)?.coverImageUrl ?? null;
  const count = upcoming.data?.total ?? 0;
  const description =
    count > 0
      ? `${organisation.name} has ${count} upcoming ${count === 1 ? 'event' : 'events'} on Admit. See what’s on and book tickets.`
      : `${organisation.name} on Admit: their events and tickets.`;

  return (
    <div className="space-y-10">
      <PageMeta
        title={organisation.name}
        description={description}
        image={cover ? { url: cover, alt: `An event by ${organisation.name}` } : null}
        jsonLd={{
          '@context': 'https://schema.org',
          '@type': 'Organization',
          name: organisation.name,
          url: `${origin}/organisation-view/${organisation.id}`,
        }}
      />
      <OrganisationHeader organisation={organisation} />

      <section aria-labelledby="upcoming-title">
        <h2 id="upcoming-title" className="font-bold text-2xl text-slate-900">
          Upcoming events
        </h2>
        <div className="mt-4">
          {upcoming.isError ? (
            <p className="text-slate-600">The events could not be loaded right now. Please try again in a moment.</p>
          ) : (
            <EventGrid events={upcomingEvents} empty={<p className="text-slate-600">No upcoming events right now.</p>} />
          )}
        </div>
      </section>

      {past.length > 0 ? (
        <section aria-labelledby="past-title">
          <h2 id="past-title" className="font-bold text-2xl text-slate-900">
            Past events
          </h2>
          <div className="mt-4">
            <EventGrid events={past} eagerCount={0} />
          </div>
        </section>
      ) : null}
    </div>
  );
}
