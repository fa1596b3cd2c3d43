import { type Column, DataTable } from '../../../components/data-table/data-table.tsx';
import { formatDateTime } from '../../../components/format/date-time.ts';
import type { AuditEntry } from '../../../contract/admin.ts';

/** The details worth a line: a reason first, then the rest as short key: value text. */
function detailText(details: Record<string, unknown>): string {
  const { reason, ...rest } = details;
  const parts = Object.entries(rest).map(
    ([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
  );
  return [typeof reason === 'string' ? `Reason: ${reason}` : null, ...parts].filter(Boolean).join(' · ');
}

const columns: Column<AuditEntry>[] = [
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
  { id: 'details', header: 'Details', cell: (entry) => <span className="break-words text-sm">{detailText(entry.details)}</span> },
];

/** `ofOneObject`: the history of one object, whose column would repeat it on every row. */
export function AuditTable(props: {
  entries: readonly AuditEntry[];
  loading: boolean;
  error: string | null;
  onRetry(): void;
  ofOneObject?: boolean;
}) {
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
