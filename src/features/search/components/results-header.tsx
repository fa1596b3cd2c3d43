import { type Ref, useId } from 'react';
import { linkClass } from '#components/button.ts';
import { formatCount } from '#contract/count-text.ts';
import type { SearchState } from '../utils/search-params.ts';

interface ResultsHeaderProps {
  state: SearchState;
  /** Null while the first results load. */
  total: number | null;
  filterCount: number;
  onSort(sort: SearchState['sort']): void;
  onClear(): void;
  /** The heading, focused when the page of results changes. */
  ref?: Ref<HTMLHeadingElement>;
}

export const resultCount = (total: number) => `${formatCount(total)} ${total === 1 ? 'event' : 'events'}`;

/** "23 events for “jazz”", the order, and a way to drop the filters. */
export function ResultsHeader({ state, total, filterCount, onSort, onClear, ref }: ResultsHeaderProps) {
  const id = useId();
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <div role="status">
        <h2 ref={ref} tabIndex={-1} className="font-bold text-lg text-slate-900 focus:outline-none">
          {total === null ? 'Searching…' : resultCount(total)}
          {total !== null && state.q ? <span className="font-normal text-slate-600"> for “{state.q}”</span> : null}
        </h2>
      </div>
      <div className="flex items-center gap-3">
        {filterCount > 0 ? (
          <button type="button" onClick={onClear} className={`${linkClass} min-h-11 whitespace-nowrap px-1 text-sm`}>
            Clear filters
          </button>
        ) : null}
        <div className="flex items-center gap-2">
          <label htmlFor={id} className="whitespace-nowrap text-slate-700 text-sm">
            Sort by
          </label>
          <select
            id={id}
            value={state.sort}
            onChange={(changeEvent) => onSort(changeEvent.target.value as SearchState['sort'])}
            className="min-h-11 rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900"
          >
            <option value="date">Date</option>
            <option value="relevance" disabled={!state.q}>
              Relevance{state.q ? '' : ' (search first)'}
            </option>
          </select>
        </div>
      </div>
    </div>
  );
}
