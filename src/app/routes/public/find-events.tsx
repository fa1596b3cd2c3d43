import { useEffect, useRef } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { buttonClass } from '#components/button.ts';
import { categoryLabel, eventCategories } from '#contract/event-categories.ts';
import { bookmarksQueryOptions } from '#features/bookmarks/api/get-bookmarks.ts';
import { BookmarkButton } from '#features/bookmarks/components/bookmark-button.tsx';
import { eventsQueryOptions, useEvents } from '#features/events/api/get-events.ts';
import { EventCard, twoColumnCoverSizes } from '#features/events/components/event-card.tsx';
import { NoResults } from '#features/search/components/no-results.tsx';
import { Pagination } from '#features/search/components/pagination.tsx';
import { ResultsHeader } from '#features/search/components/results-header.tsx';
import { SearchBar } from '#features/search/components/search-bar.tsx';
import { SearchFilters } from '#features/search/components/search-filters.tsx';
import { useSearchState } from '#features/search/hooks/use-search-state.ts';
import {
  activeFilterCount,
  clearFilters,
  isStalePreset,
  parseSearch,
  presetRange,
  toEventsQuery,
  toSearchParams,
} from '#features/search/utils/search-params.ts';

const categories = eventCategories.map((value) => ({ value, label: categoryLabel(value) }));

/**
 * Reads the search from the URL (bad values fall back to defaults) and fetches its results. The
 * server waits for them, so the page arrives with results; the browser shows the page at once
 * and the results as they come.
 */
export function createLoader({ queryClient, api, session }: RouteContext) {
  return async ({ request }: LoaderFunctionArgs) => {
    const { signedIn, authId } = session();
    // The sign-in guard answers this request.
    if (!signedIn) return null;
    const query = toEventsQuery(parseSearch(new URL(request.url).searchParams));
    const results = queryClient.prefetchQuery(eventsQueryOptions(api, query));
    if (typeof document !== 'undefined') return null;
    await Promise.all([results, authId ? queryClient.prefetchQuery(bookmarksQueryOptions(api, authId)) : null]);
    return null;
  };
}

function ResultsSkeleton() {
  return (
    <ul aria-hidden="true" className="grid gap-4 sm:grid-cols-2">
      {[0, 1, 2, 3].map((key) => (
        <li key={key} className="h-72 animate-pulse rounded-2xl bg-white ring-1 ring-slate-200 motion-reduce:animate-none" />
      ))}
    </ul>
  );
}

export function Component() {
  const { state, update, show } = useSearchState();
  const events = useEvents(toEventsQuery(state));
  const heading = useRef<HTMLHeadingElement>(null);
  const filterCount = activeFilterCount(state);
  const data = events.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const busy = events.isPlaceholderData || (events.isFetching && !data);
  const clear = () => {
    show(clearFilters(state));
    // The button pressed goes away with the filters; the results are where to continue.
    heading.current?.focus({ preventScroll: true });
  };

  // A new page of the same search: move to the top of the results, for sight and for screen readers.
  const sameSearch = toSearchParams({ ...state, page: 1 }).toString();
  const previous = useRef({ search: sameSearch, page: state.page });
  useEffect(() => {
    const before = previous.current;
    previous.current = { search: sameSearch, page: state.page };
    if (before.search !== sameSearch || before.page === state.page) return;
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView({ block: 'start' });
  }, [sameSearch, state.page]);

  // A shared "Today" link opened on another day searches today, not the day it was made.
  useEffect(() => {
    const now = new Date();
    if (state.when && state.when !== 'custom' && isStalePreset(state, now)) {
      update({ when: state.when, ...presetRange(state.when, now) }, { replace: true });
    }
  }, [state, update]);

  return (
    <div>
      <PageMeta title="Find events" description="Search events by date, place, category and price." noIndex />
      <header className="mb-5 space-y-3">
        <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">Find events</h1>
        <SearchBar value={state.q ?? ''} onSearch={(q) => update({ q })} />
      </header>
      <div className="flex flex-col gap-5 md:grid md:grid-cols-[15rem_minmax(0,1fr)] md:items-start md:gap-8 lg:grid-cols-[17rem_minmax(0,1fr)]">
        <SearchFilters state={state} categories={categories} onChange={update} onClear={clear} />
        <section aria-label="Results" aria-busy={busy}>
          <ResultsHeader
            ref={heading}
            state={state}
            total={data ? data.total : null}
            filterCount={filterCount}
            onSort={(sort) => update({ sort })}
            onClear={clear}
          />
          {data ? (
            data.items.length > 0 ? (
              <ul className={`grid gap-4 transition-opacity sm:grid-cols-2 ${busy ? 'opacity-60' : ''}`}>
                {data.items.map((event, index) => (
                  <li key={event.id}>
                    <EventCard
                      event={event}
                      eager={index < 2}
                      headingLevel={3}
                      coverSizes={twoColumnCoverSizes}
                      action={<BookmarkButton eventId={event.id} event={event} />}
                    />
                  </li>
                ))}
              </ul>
            ) : (
              <NoResults
                state={state}
                filterCount={filterCount}
                beyondLastPage={data.total > 0}
                onClearFilters={clear}
                onClearSearch={() => update({ q: undefined })}
              />
            )
          ) : events.isError ? (
            <div role="alert" className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
              <h3 className="font-bold text-lg text-slate-900">The events couldn’t be loaded</h3>
              <p className="mt-1 text-slate-600">Check your connection and try again.</p>
              <button type="button" onClick={() => void events.refetch()} className={`mt-5 ${buttonClass()}`}>
                Try again
              </button>
            </div>
          ) : (
            <ResultsSkeleton />
          )}
          {data && data.items.length > 0 ? <Pagination state={state} pages={pages} /> : null}
        </section>
      </div>
    </div>
  );
}
