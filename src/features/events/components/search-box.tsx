import { useId } from 'react';
import { Form } from 'react-router';

interface SearchBoxProps {
  defaultValue?: string;
  /** On a dark background the label turns light. */
  tone?: 'light' | 'dark';
}

/** A GET form to `/find-events?q=…`: it works before the page's code has loaded, and without it. */
export function SearchBox({ defaultValue = '', tone = 'dark' }: SearchBoxProps) {
  const id = useId();
  return (
    <Form method="get" action="/find-events" role="search" className="w-full max-w-2xl">
      <label htmlFor={id} className={`mb-2 block font-semibold ${tone === 'light' ? 'text-white' : 'text-slate-900'}`}>
        Search events
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="search"
          name="q"
          defaultValue={defaultValue}
          maxLength={100}
          placeholder="Artist, venue, city or keyword"
          enterKeyHint="search"
          className="min-h-12 w-full min-w-0 flex-1 rounded-xl border border-slate-300 bg-white px-4 text-base text-slate-900 placeholder:text-slate-500"
        />
        <button
          type="submit"
          className={`inline-flex min-h-12 shrink-0 items-center rounded-xl px-5 font-semibold ${
            tone === 'light' ? 'bg-white text-indigo-800 hover:bg-indigo-50' : 'bg-indigo-600 text-white hover:bg-indigo-700'
          }`}
        >
          Search
        </button>
      </div>
    </Form>
  );
}
