import { Form } from 'react-router';
import { SearchInput } from '../../../components/search-input.tsx';

interface SearchBoxProps {
  defaultValue?: string;
  /** On a dark background the label turns light. */
  tone?: 'light' | 'dark';
}

/** A GET form to `/find-events?q=…`: it works before the page's code has loaded, and without it. */
export function SearchBox({ defaultValue = '', tone = 'dark' }: SearchBoxProps) {
  return (
    <Form method="get" action="/find-events" role="search" className="w-full max-w-2xl">
      <SearchInput
        label="Search events"
        labelClassName={`mb-2 block font-semibold ${tone === 'light' ? 'text-white' : 'text-slate-900'}`}
        buttonVariant={tone === 'light' ? 'inverse' : 'primary'}
        defaultValue={defaultValue}
        placeholder="Artist, venue, city or keyword"
      />
    </Form>
  );
}
