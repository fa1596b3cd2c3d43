import { useId, useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { compactControlClass, compactLabelClass } from '#components/fields/compact-control.ts';
import { FilterPanel } from '#components/filter-panel.tsx';
import type { EventCategory } from '#contract/events.ts';
import { activeFilterCount, type SearchState } from '../utils/search-params.ts';
import { DateFilter } from './date-filter.tsx';
import { NearMeFilter } from './near-me-filter.tsx';

export interface CategoryChoice {
  value: EventCategory;
  label: string;
}

interface SearchFiltersProps {
  state: SearchState;
  categories: readonly CategoryChoice[];
  onChange(patch: Partial<SearchState>): void;
  onClear(): void;
}

const priceChoices = [
  { value: '', label: 'Any' },
  { value: 'free', label: 'Free' },
  { value: 'paid', label: 'Paid' },
] as const;

function CityFilter({ value, onChange }: { value: string; onChange(city: string | undefined): void }) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setDraft(value);
  }
  const apply = () => {
    const city = draft.trim();
    if (city !== value) onChange(city || undefined);
  };
  return (
    <div>
      <label htmlFor={id} className={compactLabelClass}>
        City
      </label>
      <input
        id={id}
        type="text"
        value={draft}
        maxLength={80}
        autoComplete="address-level2"
        enterKeyHint="search"
        placeholder="e.g. Bristol"
        aria-describedby={`${id}-hint`}
        onChange={(changeEvent) => setDraft(changeEvent.target.value)}
        onBlur={apply}
        onKeyDown={(keyEvent) => {
          if (keyEvent.key === 'Enter') {
            keyEvent.preventDefault();
            apply();
          }
        }}
        className={compactControlClass}
      />
      <p id={`${id}-hint`} className="mt-1 text-slate-500 text-xs">
        Press Enter to apply.
      </p>
    </div>
  );
}

function PriceFilter({ value, onChange }: { value: SearchState['price']; onChange(price: SearchState['price']): void }) {
  const name = useId();
  return (
    <fieldset>
      <legend className={compactLabelClass}>Price</legend>
      <div className="grid grid-cols-3 gap-1 rounded-xl bg-slate-100 p-1">
        {priceChoices.map((choice) => (
          <label
            key={choice.value}
            className="flex min-h-10 cursor-pointer items-center justify-center rounded-lg font-medium text-slate-700 text-sm has-checked:bg-white has-checked:text-indigo-800 has-checked:shadow-sm has-focus-visible:outline-3 has-focus-visible:outline-indigo-500"
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={(value ?? '') === choice.value}
              onChange={() => onChange(choice.value === '' ? undefined : choice.value)}
              className="sr-only"
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Every filter of the search; each applies as soon as it changes (the city on Enter or when the
 * field is left). On phones they fold into a "Filters" panel; on wider screens they stay open.
 */
export function SearchFilters({ state, categories, onChange, onClear }: SearchFiltersProps) {
  const id = useId();
  const count = activeFilterCount(state);

  return (
    <FilterPanel
      count={count}
      className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 md:bg-transparent md:shadow-none md:ring-0"
      summaryClassName="px-4"
    >
      <section aria-labelledby={`${id}-title`} className="px-4 pt-1 pb-5 md:p-0">
        <h2 id={`${id}-title`} className="sr-only md:not-sr-only md:font-bold md:text-lg md:text-slate-900">
          Filters
        </h2>
        <div className="space-y-5 md:mt-3">
          <DateFilter state={state} onChange={onChange} />
          <div>
            <label htmlFor={`${id}-category`} className={compactLabelClass}>
              Category
            </label>
            <select
              id={`${id}-category`}
              value={state.category ?? ''}
              onChange={(changeEvent) =>
                onChange({ category: (changeEvent.target.value || undefined) as SearchState['category'] })
              }
              className={compactControlClass}
            >
              <option value="">Any category</option>
              {categories.map((category) => (
                <option key={category.value} value={category.value}>
                  {category.label}
                </option>
              ))}
            </select>
          </div>
          <CityFilter value={state.city ?? ''} onChange={(city) => onChange({ city })} />
          <NearMeFilter state={state} onChange={onChange} />
          <PriceFilter value={state.price} onChange={(price) => onChange({ price })} />
          <label className="flex min-h-11 cursor-pointer items-center gap-3 font-medium text-slate-900 text-sm">
            <input
              type="checkbox"
              checked={state.online === true}
              onChange={(changeEvent) => onChange({ online: changeEvent.target.checked ? true : undefined })}
              className="size-5 rounded accent-indigo-600"
            />
            Online events only
          </label>
          {count > 0 ? (
            <button type="button" onClick={onClear} className={`${buttonClass('secondary', 'small')} w-full`}>
              Clear filters
            </button>
          ) : null}
        </div>
      </section>
    </FilterPanel>
  );
}
