import { useId, useState } from 'react';
import { inputClass } from './field-styles.ts';

interface SearchBarProps {
  value: string;
  onSearch(q: string | undefined): void;
}

/** The search words; sent when the visitor presses Search (or Enter), not on every key. */
export function SearchBar({ value, onSearch }: SearchBarProps) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  // The URL changed (back button, cleared search): the field follows it.
  if (value !== shown) {
    setShown(value);
    setDraft(value);
  }
  return (
    <search aria-label="Events" className="block w-full">
      <form
        action="/find-events"
        method="get"
        onSubmit={(formEvent) => {
          formEvent.preventDefault();
          onSearch(draft.trim() || undefined);
        }}
      >
        <label htmlFor={id} className="sr-only">
          Search events
        </label>
        <div className="flex gap-2">
          <input
            id={id}
            type="search"
            name="q"
            value={draft}
            onChange={(changeEvent) => setDraft(changeEvent.target.value)}
            maxLength={100}
            placeholder="Artist, venue, city or keyword"
            enterKeyHint="search"
            className={`${inputClass} min-h-12 flex-1 px-4`}
          />
          <button
            type="submit"
            className="inline-flex min-h-12 shrink-0 items-center rounded-xl bg-indigo-600 px-5 font-semibold text-white hover:bg-indigo-700"
          >
            Search
          </button>
        </div>
      </form>
    </search>
  );
}
