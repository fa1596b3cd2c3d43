import { Form } from 'react-router';
import { SearchInput } from '#components/search-input.tsx';

/** A GET form to the public catalogue (`/events?q=…`) on the home page's dark hero: it works before the page's code has loaded, and without it. */
export function SearchBox() {
  return (
    <Form method="get" action="/events" role="search" className="w-full max-w-2xl">
      <SearchInput
        label="Search events"
        labelClassName="mb-2 block font-semibold text-white"
        buttonVariant="inverse"
        placeholder="Artist, venue or city"
      />
    </Form>
  );
}
