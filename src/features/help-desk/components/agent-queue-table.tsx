import { Link } from 'react-router';
import { type Column, DataTable } from '#components/data-table/data-table.tsx';
import { formatDateTime } from '#components/format/date-time.ts';
import type { AgentCaseRow } from '#contract/help-agents.ts';
import { agentStateLabels } from '#contract/help-case-terms.ts';

const columns: ReadonlyArray<Column<AgentCaseRow>> = [
  {
    id: 'subject',
    header: 'Case',
    cell: (row) => (
      <Link to={`/admin/cases/${row.id}`} className="link">
        <span className="block font-semibold">{row.subject}</span>
        <span className="block text-slate-600 text-xs">{row.reference}</span>
      </Link>
    ),
  },
  { id: 'requester', header: 'From', cell: (row) => <span className="break-all">{row.requester}</span> },
  { id: 'category', header: 'Category', cell: (row) => row.categoryTitle },
  {
    id: 'state',
    header: 'State',
    cell: (row) => (
      <span>
        {agentStateLabels[row.state]}
        {row.overdue ? (
          <span className="ml-2 rounded bg-red-100 px-1.5 py-0.5 font-semibold text-red-800 text-xs">Overdue</span>
        ) : null}
      </span>
    ),
  },
  { id: 'assignee', header: 'Assigned', cell: (row) => row.assignee ?? '—' },
  {
    id: 'age',
    header: 'Raised',
    sortKey: 'age',
    cell: (row) => <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>,
  },
];

interface AgentQueueTableProps {
  rows: AgentCaseRow[];
  loading: boolean;
  error: boolean;
  onRetry(): void;
  sort: 'oldest' | 'newest';
  onSort(sort: 'oldest' | 'newest'): void;
}

/** The queue's page of cases, oldest or newest first by the Raised column. */
export function AgentQueueTable({ rows, loading, error, onRetry, sort, onSort }: AgentQueueTableProps) {
  return (
    <DataTable
      caption="Cases"
      captionHidden
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      sort={{ key: 'age', direction: sort === 'oldest' ? 'asc' : 'desc' }}
      onSort={(next) => onSort(next.direction === 'asc' ? 'oldest' : 'newest')}
      loading={loading}
      error={error ? 'The cases could not be loaded.' : undefined}
      onRetry={onRetry}
      empty="No cases in this queue."
    />
  );
}
