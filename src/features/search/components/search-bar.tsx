import { useState } from 'react';
import { SearchInput } from '#components/search-input.tsx';

interface SearchBarProps {
  value: string;
  onSearch(q: string | undefined): void;
}

/** The search words; sent when the visitor presses Search (or Enter), not on every key. */
export function SearchBar({ value, onSearch }: SearchBarProps) {
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
        <SearchInput
          label="Search events"
          value={draft}
          onChange={(changeEvent) => setDraft(changeEvent.target.value)}
          placeholder="Artist, venue or city"
        />
      </form>
    </search>
  );
}
