import { type FormEvent, useEffect, useState } from 'react';
import { SearchInput } from '#components/search-input.tsx';

interface EventSearchProps {
  /** The search in the address. */
  value: string;
  /** Called a moment after typing stops, and at once on submit. */
  onSearch(q: string): void;
  /** What is searched: "Search your events" unless told. */
  label?: string;
}

const typingPauseMs = 300;

/** Searches the organisation's events as the organiser types; a GET form, so it works before scripts run too. */
export function EventSearch({ value, onSearch, label = 'Search your events' }: EventSearchProps) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);

  // A search changed elsewhere (back button) shows in the box; one this box made is already in it.
  if (value !== shown) {
    setShown(value);
    if (value !== text.trim()) setText(value);
  }

  useEffect(() => {
    const q = text.trim();
    if (q === value) return;
    const timer = setTimeout(() => onSearch(q), typingPauseMs);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text.trim());
  };

  return (
    <search>
      <form method="get" onSubmit={submit}>
        <SearchInput
          label={label}
          buttonVariant="secondary"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={label}
        />
      </form>
    </search>
  );
}
