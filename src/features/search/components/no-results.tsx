import { Link } from 'react-router';
import { buttonClass } from '#components/button.ts';
import { type SearchState, toSearchParams } from '../utils/search-params.ts';

interface NoResultsProps {
  state: SearchState;
  filterCount: number;
  /** More results exist, on earlier pages. */
  beyondLastPage: boolean;
  onClearFilters(): void;
  onClearSearch(): void;
}

const boxClass = 'rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200';

/** What to do when a search finds nothing: the way out depends on what narrowed it. */
export function NoResults({ state, filterCount, beyondLastPage, onClearFilters, onClearSearch }: NoResultsProps) {
  if (beyondLastPage) {
    return (
      <div className={boxClass}>
        <h3 className="font-bold text-lg text-slate-900">There’s no page {state.page} of these results</h3>
        <Link to={{ search: `?${toSearchParams({ ...state, page: 1 }).toString()}` }} className={`mt-5 ${buttonClass()}`}>
          Go to page 1
        </Link>
      </div>
    );
  }
  if (filterCount > 0) {
    return (
      <div className={boxClass}>
        <h3 className="font-bold text-lg text-slate-900">No events match — try removing a filter</h3>
        <p className="mx-auto mt-1 max-w-md text-slate-600">
          {filterCount === 1 ? 'One filter is' : `${filterCount} filters are`} narrowing this search.
        </p>
        <button type="button" onClick={onClearFilters} className={`mt-5 ${buttonClass()}`}>
          Clear filters
        </button>
      </div>
    );
  }
  if (state.q) {
    return (
      <div className={boxClass}>
        <h3 className="font-bold text-lg text-slate-900">No events match “{state.q}”</h3>
        <p className="mx-auto mt-1 max-w-md text-slate-600">Check the spelling, or try fewer or different words.</p>
        <button type="button" onClick={onClearSearch} className={`mt-5 ${buttonClass()}`}>
          Clear search
        </button>
      </div>
    );
  }
  return (
    <div className={boxClass}>
      <h3 className="font-bold text-lg text-slate-900">No upcoming events yet</h3>
      <p className="mx-auto mt-1 max-w-md text-slate-600">Organisers add new events all the time. Check back soon.</p>
    </div>
  );
}
