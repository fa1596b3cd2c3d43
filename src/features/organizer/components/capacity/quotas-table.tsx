import { buttonClass } from '#components/button.ts';
import { type Column, DataTable } from '#components/data-table/data-table.tsx';
import { type CapacityQuota, namesInWords } from '#contract/capacity-quotas.ts';
import { formatCount } from '#contract/count-text.ts';

/** A ticket type as the capacity screens name it. */
export interface QuotaTicketType {
  id: string;
  name: string;
  hidden: boolean;
  /** Its own capacity. */
  capacity: number;
}

interface QuotasTableProps {
  quotas: readonly CapacityQuota[];
  types: readonly QuotaTicketType[];
  loading: boolean;
  error: string | null;
  onRetry(): void;
  /** Absent for members who may not change them. */
  onEdit?(quota: CapacityQuota): void;
}

/** Which ticket types the places hold, in words. */
export function quotaTypesText(quota: Pick<CapacityQuota, 'allTypes' | 'ticketTypeIds'>, types: readonly QuotaTicketType[]) {
  if (quota.allTypes) return 'Every ticket type of the event';
  const names = types.filter((type) => quota.ticketTypeIds.includes(type.id)).map((type) => type.name);
  return names.length === 0 ? 'No ticket types (they were removed)' : `Shared by ${namesInWords(names)}`;
}

/** The event's capacity and shared places with their counts: a table on wide screens, a card each on phones. */
export function QuotasTable({ quotas, types, loading, error, onRetry, onEdit }: QuotasTableProps) {
  const columns: Column<CapacityQuota>[] = [
    {
      id: 'places',
      header: 'Places',
      cell: (quota) => (
        <span className="block min-w-0 text-right md:min-w-48 md:text-left">
          <span className="block break-words font-semibold text-slate-900">{quota.name}</span>
          <span className="block break-words text-slate-600 text-sm">{quotaTypesText(quota, types)}</span>
        </span>
      ),
    },
    { id: 'capacity', header: 'Capacity', align: 'end', cell: (quota) => formatCount(quota.capacity) },
    { id: 'sold', header: 'Sold', align: 'end', cell: (quota) => formatCount(quota.sold) },
    { id: 'held', header: 'Held for payment', align: 'end', cell: (quota) => formatCount(quota.held) },
    {
      id: 'left',
      header: 'Left',
      align: 'end',
      cell: (quota) =>
        quota.left === 0 ? (
          <span className="inline-block whitespace-nowrap rounded-full bg-amber-100 px-2.5 py-0.5 font-semibold text-amber-900 text-sm">
            Full
          </span>
        ) : (
          <span className="font-semibold text-slate-900">{formatCount(quota.left)}</span>
        ),
    },
    ...(onEdit
      ? [
          {
            id: 'actions',
            header: 'Actions',
            align: 'end' as const,
            cell: (quota: CapacityQuota) => (
              <button type="button" className={buttonClass('secondary', 'small')} onClick={() => onEdit(quota)}>
                Edit<span className="sr-only"> {quota.name}</span>
              </button>
            ),
          },
        ]
      : []),
  ];
  return (
    <DataTable
      caption="Capacity and shared places"
      captionHidden
      columns={columns}
      rows={quotas}
      rowKey={(quota) => quota.id}
      loading={loading}
      error={error}
      onRetry={onRetry}
      empty="No limits beyond each ticket type’s own capacity yet."
    />
  );
}
