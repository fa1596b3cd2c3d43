import { type FormEvent, useEffect, useId, useState } from 'react';
import { buttonClass } from '../../../../components/button.tsx';
import { controlClass } from '../../../../components/fields/control-class.ts';

interface EventSearchProps {
  /** The search in the address. */
  value: string;
  /** Called a moment after typing stops, and at once on submit. */
  onSearch(q: string): void;
}

const typingPauseMs = 300;

/** Searches the organisation's events as the organiser types; a GET form, so it works before scripts run too. */
export function EventSearch({ value, onSearch }: EventSearchProps) {
  const id = useId();
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
      <form method="get" onSubmit={submit} className="flex gap-2">
        <label htmlFor={id} className="sr-only">
          Search your events
        </label>
        <input
          id={id}
          type="search"
          name="q"
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={100}
          placeholder="Search your events"
          enterKeyHint="search"
          className={`h-12 min-w-0 flex-1 ${controlClass(false)}`}
        />
        <button type="submit" className={`${buttonClass('secondary')} shrink-0`}>
          Search
        </button>
      </form>
    </search>
  );
}
