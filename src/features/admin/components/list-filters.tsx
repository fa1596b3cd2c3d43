import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass, linkClass } from '#components/button.ts';
import { fieldRowClass } from '#components/fields/field-row.ts';
import { SelectField } from '#components/fields/select-field.tsx';
import { FilterPanel } from '#components/filter-panel.tsx';

/**
 * A GET form of list filters: it works before the page's code has loaded, and every filter stays in the address
 * (so a filtered list can be bookmarked, shared and exported). `clearTo` is the page without filters.
 */
export function ListFilters({ count, clearTo, children }: { count: number; clearTo: string; children: ReactNode }) {
  return (
    <FilterPanel count={count} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <form method="get" className="space-y-4 pt-2 md:pt-0">
        <div className={fieldRowClass}>{children}</div>
        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" className={buttonClass('primary')}>
            Apply filters
          </button>
          {count > 0 ? (
            <Link to={clearTo} className={linkClass}>
              Clear filters
            </Link>
          ) : null}
        </div>
      </form>
    </FilterPanel>
  );
}

/** A small coloured label: a status, TEST, featured… */
export function Pill({ tone, children }: { tone: string; children: ReactNode }) {
  return <span className={`inline-block rounded-full px-2 py-0.5 font-semibold text-xs ${tone}`}>{children}</span>;
}

/** A titled white card of the admin pages. */
export function AdminCard({
  title,
  id,
  actions,
  children,
}: {
  title: string;
  id: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="font-bold text-lg text-slate-900">
          {title}
        </h2>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

/** The list's order, kept in the address with the filters. */
export function SortField({ value }: { value: string | undefined }) {
  return (
    <SelectField label="Order" name="sort" defaultValue={value ?? ''}>
      <option value="">Newest first</option>
      <option value="oldest">Oldest first</option>
    </SelectField>
  );
}
