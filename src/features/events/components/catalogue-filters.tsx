import { Form } from 'react-router';
import { buttonClass } from '#components/button.ts';
import { compactControlClass, compactLabelClass } from '#components/fields/compact-control.ts';
import { FilterPanel } from '#components/filter-panel.tsx';
import { SearchInput } from '#components/search-input.tsx';
import { type CatalogueState, cataloguePath } from '../utils/catalogue-params.ts';

const whenChoices = [
  { value: '', label: 'Any date' },
  { value: 'today', label: 'Today' },
  { value: 'weekend', label: 'This weekend' },
  { value: 'dates', label: 'Between the dates below' },
] as const;

/**
 * The catalogue's words and dates as one GET form to the current category's listing: it works before the
 * page's code has loaded, and without it. A new search starts from the first page.
 */
export function CatalogueFilters({ state }: { state: CatalogueState }) {
  const when = state.when ?? (state.from || state.to ? 'dates' : '');
  const filterCount = [state.when || state.from || state.to].filter(Boolean).length;
  return (
    // Keyed by the search, so the fields show the address's values after every navigation.
    <Form
      key={JSON.stringify(state)}
      method="get"
      action={cataloguePath(state.category)}
      className="space-y-3"
      aria-label="Search and filter events"
    >
      {/* The city is chosen with its own links; a new search keeps it. */}
      {state.city ? <input type="hidden" name="city" value={state.city} /> : null}
      <search className="block">
        <SearchInput label="Search events" defaultValue={state.q ?? ''} placeholder="Artist, venue or city" />
      </search>
      <FilterPanel count={filterCount} className="rounded-2xl bg-white p-3 ring-1 ring-slate-200 md:p-4">
        {/* A date field needs about 200 px: side by side only where two fit, one above the other on a phone. */}
        <div className="mt-3 grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 md:mt-0 md:grid-cols-[1.4fr_1fr_1fr_auto] md:items-end">
          <div className="min-[480px]:col-span-2 md:col-span-1">
            <label htmlFor="catalogue-when" className={compactLabelClass}>
              Date
            </label>
            <select id="catalogue-when" name="when" defaultValue={when} className={compactControlClass}>
              {whenChoices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="catalogue-from" className={compactLabelClass}>
              From
            </label>
            <input id="catalogue-from" type="date" name="from" defaultValue={state.from ?? ''} className={compactControlClass} />
          </div>
          <div>
            <label htmlFor="catalogue-to" className={compactLabelClass}>
              To
            </label>
            <input id="catalogue-to" type="date" name="to" defaultValue={state.to ?? ''} className={compactControlClass} />
          </div>
          <button type="submit" className={`${buttonClass('secondary', 'small')} min-[480px]:col-span-2 md:col-span-1`}>
            Show events
          </button>
        </div>
      </FilterPanel>
    </Form>
  );
}
