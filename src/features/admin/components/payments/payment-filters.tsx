import { wideFieldClass } from '#components/fields/field-row.ts';
import { SelectField } from '#components/fields/select-field.tsx';
import { TextField } from '#components/fields/text-field.tsx';
import { ListFilters, SortField } from '../list-filters.tsx';
import type { PaymentView } from './payment-views.ts';

/** The filters of the list the payments page shows. */
export function PaymentFilters({ view, filters }: { view: PaymentView; filters: Record<string, string> }) {
  if (view === 'payouts') {
    return (
      <ListFilters count={Object.keys(filters).length} clearTo="/admin/payments?view=payouts">
        <input type="hidden" name="view" value={view} />
        <div className={wideFieldClass}>
          <TextField label="Payout reference or organiser name" name="q" defaultValue={filters.q ?? ''} />
        </div>
      </ListFilters>
    );
  }
  if (view === 'payments') {
    return (
      <ListFilters count={Object.keys(filters).length} clearTo="/admin/payments">
        <div className={wideFieldClass}>
          <TextField label="Order reference, buyer email or provider reference" name="q" defaultValue={filters.q ?? ''} />
        </div>
        <SortField value={filters.sort} />
      </ListFilters>
    );
  }
  return (
    <ListFilters count={Object.keys(filters).length} clearTo={`/admin/payments?view=${view}`}>
      <input type="hidden" name="view" value={view} />
      {view === 'refunds' ? (
        <SelectField label="Status" name="status" defaultValue={filters.status ?? ''}>
          <option value="">Any status</option>
          <option value="pending">Pending</option>
          <option value="succeeded">Succeeded</option>
          <option value="failed">Failed</option>
        </SelectField>
      ) : (
        <SelectField label="Deliveries" name="failed" defaultValue={filters.failed ?? ''}>
          <option value="">All</option>
          <option value="true">Failed only (no matching payment)</option>
        </SelectField>
      )}
    </ListFilters>
  );
}
