import { SearchInput } from '#components/search-input.tsx';

/** A GET form to the help desk, so searching works before the page's code has loaded. */
export function HelpSearchForm({ initial = '' }: { initial?: string }) {
  return (
    <search>
      <form method="get" action="/help-desk" className="space-y-1">
        <SearchInput
          label="Search the help desk"
          labelClassName="block font-semibold text-slate-800"
          placeholder="e.g. refund, offline tickets, scanning"
          defaultValue={initial}
          key={initial}
        />
      </form>
    </search>
  );
}
