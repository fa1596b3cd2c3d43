import { type FormEvent, useEffect, useState } from 'react';
import { compactLabelClass } from '#components/fields/compact-control.ts';
import { controlClass } from '#components/fields/control-class.ts';
import { FilterPanel } from '#components/filter-panel.tsx';
import { SearchInput } from '#components/search-input.tsx';
import type { OrderStatus } from '#contract/orders.ts';
import { noOrderFilters, type OrderFilters, orderStatuses } from '../utils/order-filters.ts';
import { statusLabel } from './order-status-badge.tsx';

interface OrderFiltersFormProps {
  filters: OrderFilters;
  events: ReadonlyArray<{ id: string; title: string }>;
  /** New filters (from page 1). */
  onChange(filters: OrderFilters): void;
}

const control = `h-12 ${controlClass(false)}`;

/**
 * A search by reference or buyer, then event, dates and status: each applies at once, the search
 * on submit. On phones the filters fold into a "Filters" panel; on wider screens they stay open.
 */
export function OrderFiltersForm({ filters, events, onChange }: OrderFiltersFormProps) {
  const [q, setQ] = useState(filters.q);
  useEffect(() => setQ(filters.q), [filters.q]);
  const set = (patch: Partial<OrderFilters>) => onChange({ ...filters, ...patch, page: 1 });
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    set({ q: q.trim() });
  };
  const count = [filters.eventId, filters.from, filters.to, filters.status, filters.test !== null].filter(Boolean).length;
  return (
    <search>
      <form
        aria-label="Filter orders"
        onSubmit={search}
        className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      >
        <div>
          <SearchInput
            label="Reference, buyer name or email"
            labelClassName={compactLabelClass}
            value={q}
            onChange={(event) => setQ(event.target.value)}
          />
        </div>
        <FilterPanel count={count}>
          <div className="grid gap-3 pt-2 sm:grid-cols-2 md:pt-0 lg:grid-cols-6">
            <div className="sm:col-span-2">
              <label htmlFor="orders-event" className={compactLabelClass}>
                Event
              </label>
              <select
                id="orders-event"
                value={filters.eventId ?? ''}
                onChange={(event) => set({ eventId: event.target.value || null })}
                className={control}
              >
                <option value="">All events</option>
                {events.map((event) => (
                  <option key={event.id} value={event.id}>
                    {event.title}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="orders-from" className={compactLabelClass}>
                Placed from
              </label>
              <input
                id="orders-from"
                type="date"
                value={filters.from ?? ''}
                max={filters.to ?? undefined}
                onChange={(event) => set({ from: event.target.value || null })}
                className={control}
              />
            </div>
            <div>
              <label htmlFor="orders-to" className={compactLabelClass}>
                Placed until
              </label>
              <input
                id="orders-to"
                type="date"
                value={filters.to ?? ''}
                min={filters.from ?? undefined}
                onChange={(event) => set({ to: event.target.value || null })}
                className={control}
              />
            </div>
            <div>
              <label htmlFor="orders-status" className={compactLabelClass}>
                Status
              </label>
              <select
                id="orders-status"
                value={filters.status ?? ''}
                onChange={(event) => set({ status: (event.target.value || null) as OrderStatus | null })}
                className={control}
              >
                <option value="">Any status</option>
                {orderStatuses.map((status) => (
                  <option key={status} value={status}>
                    {statusLabel(status)}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="orders-test" className={compactLabelClass}>
                Real or TEST
              </label>
              <select
                id="orders-test"
                value={filters.test === null ? '' : String(filters.test)}
                onChange={(event) => set({ test: event.target.value === '' ? null : event.target.value === 'true' })}
                className={control}
              >
                <option value="">All</option>
                <option value="false">Real only</option>
                <option value="true">TEST only</option>
              </select>
            </div>
          </div>
        </FilterPanel>
        {count > 0 || filters.q ? (
          <button
            type="button"
            onClick={() => onChange(noOrderFilters)}
            className="min-h-11 font-semibold text-indigo-700 underline underline-offset-2"
          >
            Clear filters
          </button>
        ) : null}
      </form>
    </search>
  );
}
