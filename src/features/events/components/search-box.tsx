import { Form } from 'react-router';
import { SearchInput } from '../../../components/search-input.tsx';

/** A GET form to `{action}?q=…` on the home page's dark hero: it works before the page's code has loaded, and without it. */
export function SearchBox({ action }: { action: string }) {
  return (
    <Form method="get" action={action} role="search" className="w-full max-w-2xl">
      <SearchInput
        label="Search events"
        labelClassName="mb-2 block font-semibold text-white"
        buttonVariant="inverse"
        placeholder="Artist, venue, city or keyword"
      />
    </Form>
  );
}
