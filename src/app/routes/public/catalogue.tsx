import { Link, type LoaderFunctionArgs, redirect, useLocation, useParams } from 'react-router';
import { notFound } from '#app/not-found-response.ts';
import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { buttonClass, linkClass } from '#components/button.ts';
import { formatCount } from '#contract/count-text.ts';
import { categoryLabel } from '#contract/event-categories.ts';
import { catalogueQueryOptions, useCatalogue } from '#features/events/api/get-catalogue.ts';
import { CatalogueCategories } from '#features/events/components/catalogue-categories.tsx';
import { CatalogueCities } from '#features/events/components/catalogue-cities.tsx';
import { CatalogueFilters } from '#features/events/components/catalogue-filters.tsx';
import { CataloguePager } from '#features/events/components/catalogue-pager.tsx';
import { EventGrid } from '#features/events/components/event-grid.tsx';
import {
  type CatalogueState,
  catalogueHref,
  firstPage,
  isCategory,
  isSearch,
  parseCatalogue,
  toCatalogueRequest,
} from '#features/events/utils/catalogue-params.ts';
import { useRouteSession } from '#lib/session/session-context.tsx';

/**
 * Every event on sale, for anyone (decision 027). An address with empty or invalid values (a filter form
 * sent as it is) is sent on to its clean form, so each listing has one address; the events are fetched
 * before the page is sent.
 */
export function createLoader({ queryClient, api }: RouteContext) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    if (params.category !== undefined && !isCategory(params.category)) throw notFound();
    const url = new URL(request.url);
    const state = parseCatalogue(params.category, url.searchParams);
    const clean = catalogueHref(state);
    if (clean !== `${url.pathname}${url.search}`) throw redirect(clean);
    await queryClient.prefetchQuery(catalogueQueryOptions(api, toCatalogueRequest(state)));
    return null;
  };
}

function headingOf(state: CatalogueState) {
  const what = state.category ? `${categoryLabel(state.category)} events` : state.city ? 'Events' : 'All events';
  return state.city ? `${what} in ${state.city}` : what;
}

function countText(total: number, state: CatalogueState) {
  const events = total === 1 ? '1 event' : `${formatCount(total)} events`;
  return state.q ? `${events} matching “${state.q}”` : `${events} on sale`;
}

/** The same words and category in the signed-in search, which also has distance, price and bookmarks. */
function MoreFilters({ state }: { state: CatalogueState }) {
  const { signedIn } = useRouteSession();
  if (!signedIn) return null;
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.category) params.set('category', state.category);
  const search = params.toString();
  return (
    <Link to={`/find-events${search ? `?${search}` : ''}`} className={`${linkClass} text-sm`}>
      More filters: near me, price, online
    </Link>
  );
}

export function Component() {
  const { category } = useParams();
  const { search } = useLocation();
  const state = parseCatalogue(category, new URLSearchParams(search));
  const catalogue = useCatalogue(toCatalogueRequest(state));
  const heading = headingOf(state);
  const data = catalogue.data;
  const paged = Boolean(state.after || state.before);
  return (
    <div>
      <PageMeta
        title={heading}
        description={
          state.category || state.city
            ? `${heading} on sale on Admit, soonest first, with dates, places and prices.`
            : 'Every event on sale on Admit, soonest first: browse by category, city and date, or search by name, place or artist.'
        }
        noIndex={isSearch(state)}
      />
      <header className="mb-5 space-y-4">
        <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">{heading}</h1>
        <CatalogueCategories state={state} />
        {data ? <CatalogueCities state={state} cities={data.cities} /> : null}
        <CatalogueFilters state={state} />
        <MoreFilters state={state} />
      </header>
      <section aria-labelledby="catalogue-results" aria-busy={catalogue.isPending}>
        <h2 id="catalogue-results" className="mb-4 font-semibold text-slate-700">
          {data ? countText(data.total, state) : 'Events'}
        </h2>
        {data ? (
          <>
            <EventGrid
              events={data.items}
              empty={
                <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
                  <p className="font-bold text-lg text-slate-900">
                    {paged && data.total > 0 ? 'This page has no events any more.' : 'No events match.'}
                  </p>
                  <p className="mt-1 text-slate-600">
                    {paged && data.total > 0 ? 'Start again from the first page.' : 'Try other words, dates or categories.'}
                  </p>
                  <Link to={paged ? catalogueHref(firstPage(state)) : '/events'} className={`mt-5 ${buttonClass()}`}>
                    {paged ? 'First page' : 'See all events'}
                  </Link>
                </div>
              }
            />
            <CataloguePager state={state} previous={data.previous} next={data.next} />
          </>
        ) : catalogue.isError ? (
          <div role="alert" className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
            <p className="font-bold text-lg text-slate-900">The events couldn’t be loaded</p>
            <p className="mt-1 text-slate-600">Check your connection and try again.</p>
            <button type="button" onClick={() => void catalogue.refetch()} className={`mt-5 ${buttonClass()}`}>
              Try again
            </button>
          </div>
        ) : (
          <p className="text-slate-600">Loading events…</p>
        )}
      </section>
    </div>
  );
}
