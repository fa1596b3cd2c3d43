import { type Column, DataTable } from '#components/data-table/data-table.tsx';
import { formatDateTime } from '#components/format/date-time.ts';
import type { AuditEntry } from '#contract/admin.ts';
import { formatMoney } from '#contract/money.ts';

/** Details that are sums of money, in minor units. */
const moneyKeys = new Set(['amount', 'refunded', 'total', 'subtotal', 'fee', 'feeAmount', 'bookingFee', 'unitPrice', 'price']);

function valueText(key: string, value: unknown, currency: string | undefined): string {
  if (typeof value === 'number' && currency && moneyKeys.has(key)) return formatMoney(value, currency);
  if (Array.isArray(value))
    return value.length > 3 ? `${value.length} items` : value.map((one) => valueText(key, one, currency)).join(', ');
  if (value && typeof value === 'object') {
    return Object.entries(value)
      .map(([inner, one]) => `${inner} ${valueText(inner, one, currency)}`)
      .join(', ');
  }
  return String(value);
}

/**
 * The details worth a line, as a person reads them: a reason first, then the rest as short key: value text, money in
 * the object's currency when it is known (an order's page) and nested values without JSON's brackets.
 */
export function detailText(details: Record<string, unknown>, currency?: string): string {
  const { reason, ...rest } = details;
  const money = typeof rest.currency === 'string' ? rest.currency : currency;
  const parts = Object.entries(rest).map(([key, value]) => `${key}: ${valueText(key, value, money)}`);
  return [typeof reason === 'string' ? `Reason: ${reason}` : null, ...parts].filter(Boolean).join(' · ');
}

const columnsIn = (currency: string | undefined): Column<AuditEntry>[] => [
  {
    id: 'at',
    header: 'When',
    cell: (entry) => <time dateTime={entry.at}>{formatDateTime(entry.at, { timeZone: 'UTC' })} UTC</time>,
  },
  { id: 'actor', header: 'Who', cell: (entry) => <span className="break-all">{entry.actorEmail ?? 'System'}</span> },
  { id: 'action', header: 'What', cell: (entry) => <code className="text-sm">{entry.action}</code> },
  {
    id: 'subject',
    header: 'Object',
    cell: (entry) => (
      <span className="break-all text-sm">
        {entry.subjectType} {entry.subjectId ?? ''}
      </span>
    ),
  },
  {
    id: 'details',
    header: 'Details',
    cell: (entry) => <span className="break-words text-sm">{detailText(entry.details, currency)}</span>,
  },
];

/** `ofOneObject`: the history of one object, whose column would repeat it on every row. */
export function AuditTable(props: {
  entries: readonly AuditEntry[];
  loading: boolean;
  error: string | null;
  onRetry(): void;
  ofOneObject?: boolean;
  /** The currency of the object's money (an order's), so sums read as money rather than minor units. */
  currency?: string;
}) {
  const columns = columnsIn(props.currency);
  return (
    <DataTable
      caption="Audit log"
      captionHidden
      columns={props.ofOneObject ? columns.filter((column) => column.id !== 'subject') : columns}
      rows={props.entries}
      rowKey={(entry) => entry.id}
      loading={props.loading}
      error={props.error}
      onRetry={props.onRetry}
      empty={props.ofOneObject ? 'No administrator has acted on it.' : 'No recorded actions match this search.'}
    />
  );
}
