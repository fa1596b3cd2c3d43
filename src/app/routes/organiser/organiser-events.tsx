import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs, useLoaderData } from 'react-router';
import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { buttonClass } from '#components/button.ts';
import { readFilters, textFilter } from '#components/data-table/url-filters.ts';
import { useUrlFilters } from '#components/data-table/use-url-filters.ts';
import { organizationEventsQueryOptions } from '#features/organizer/api/get-organization-events.ts';
import { organizationProfileQueryOptions } from '#features/organizer/api/get-organization-profile.ts';
import { prefetchMember } from '#features/organizer/api/prefetch-member.ts';
import { EventSearch } from '#features/organizer/components/events-list/event-search.tsx';
import { OrganizerEvents } from '#features/organizer/components/events-list/organizer-events.tsx';
import { RoleNote } from '#features/organizer/components/role-note.tsx';
import { useCanEdit } from '#features/organizer/hooks/use-can-edit.ts';
import { useApiCaller } from '#lib/api-caller.tsx';
import { useRouteSession } from '#lib/session/session-context.tsx';
import { useSession } from '#lib/session/use-session.ts';

interface EventsLoaderData {
  /** When the page was loaded: past and upcoming are judged by it on the server and while hydrating. */
  asOf: number;
}

const eventFilters = { q: textFilter(100) };
const searchOf = (url: URL) => readFilters(eventFilters, url.searchParams).q;

/** The guard has checked the membership; the list, profile and member are fetched for the server's HTML. */
export function createLoader({ queryClient, api, session }: RouteContext) {
  return async ({ request }: LoaderFunctionArgs): Promise<EventsLoaderData> => {
    const { organizationId, authId } = session();
    if (organizationId) {
      await Promise.all([
        queryClient.prefetchInfiniteQuery(organizationEventsQueryOptions(api, organizationId, searchOf(new URL(request.url)))),
        queryClient.prefetchQuery(organizationProfileQueryOptions(api, organizationId)),
        prefetchMember(queryClient, api, authId),
      ]);
    }
    return { asOf: Date.now() };
  };
}

/** Typing a search changes only the address; the list's own query loads it. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
}

export function Component() {
  const { asOf } = useLoaderData() as EventsLoaderData;
  const { organizationId } = useRouteSession();
  const api = useApiCaller();
  const {
    values: { q },
    set,
  } = useUrlFilters(eventFilters);
  const canEdit = useCanEdit();
  const { user } = useSession();
  const organization = useQuery({
    ...organizationProfileQueryOptions(api, organizationId ?? ''),
    enabled: organizationId !== null,
  });
  const search = useCallback((next: string) => set({ q: next }, { replace: true }), [set]);

  return (
    <div className="space-y-6">
      <PageMeta title="Your events" description="Create, publish and manage your organisation’s events." noIndex />
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">Events</h1>
          <p className="mt-1 text-slate-600">
            {organization.data
              ? `Drafts, on sale, past and cancelled events of ${organization.data.name}.`
              : 'Your organisation’s events.'}
          </p>
        </div>
        {canEdit ? (
          <Link to="/organizer/events/new" className={`${buttonClass('primary')} w-full sm:w-auto`}>
            <span aria-hidden="true">+</span> Create event
          </Link>
        ) : null}
      </header>
      <RoleNote role={user?.organizationRole} organizationName={organization.data?.name} />
      <EventSearch value={q} onSearch={search} />
      {organizationId ? <OrganizerEvents organizationId={organizationId} q={q} asOf={asOf} canEdit={canEdit} /> : null}
    </div>
  );
}
