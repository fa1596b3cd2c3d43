import type { ReactNode } from 'react';
import { ariaSort, nextSort, type SortState } from './sort.ts';

export interface Column<Row> {
  /** Stable key of the column. */
  id: string;
  header: string;
  cell(row: Row): ReactNode;
  /** Makes the header a sort button; the key the list is ordered by (sent to the API or kept in the address). */
  sortKey?: string;
  /** Figures line up on the right. */
  align?: 'start' | 'end';
}

interface DataTableProps<Row> {
  /** Names the table for screen readers (and shows above it unless `captionHidden`). */
  caption: string;
  captionHidden?: boolean;
  columns: ReadonlyArray<Column<Row>>;
  rows: readonly Row[];
  rowKey(row: Row): string;
  sort?: SortState | null;
  onSort?(sort: SortState): void;
  /** The first page is on its way: rows are not shown yet. */
  loading?: boolean;
  /** Why the rows could not be loaded; shown instead of them, with a retry button when `onRetry` is given. */
  error?: ReactNode;
  onRetry?(): void;
  /** What to say when there are no rows: "No orders match these filters." */
  empty: ReactNode;
}

const cellClass = (align: Column<unknown>['align']) =>
  `flex justify-between gap-3 px-4 py-1 md:table-cell md:py-3 ${align === 'end' ? 'md:text-right md:tabular-nums' : ''}`;

function SortButton({ header, active, onClick }: { header: string; active: SortState['direction'] | null; onClick(): void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex min-h-11 items-center gap-1 font-semibold hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      {header}
      <span aria-hidden="true" className={active ? 'text-indigo-700' : 'text-slate-300'}>
        {active === 'desc' ? '▼' : '▲'}
      </span>
    </button>
  );
}

/** One row across the table with a message: loading, error or empty. */
function MessageRow({ span, children }: { span: number; children: ReactNode }) {
  return (
    <tr className="block md:table-row">
      <td colSpan={span} className="block px-4 py-8 text-center text-slate-600 md:table-cell">
        {children}
      </td>
    </tr>
  );
}

/**
 * A semantic table on wide screens; on phones each row becomes a card whose cells carry their column's
 * name. Sorting is the parent's (a column with a `sortKey` gets a header button and aria-sort). Renders on
 * the server: nothing here reads the window.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const {
    caption,
    captionHidden = false,
    columns,
    rows,
    rowKey,
    sort = null,
    onSort,
    loading = false,
    error,
    onRetry,
    empty,
  } = props;
  const span = columns.length;
  let body: ReactNode;
  if (error) {
    body = (
      <MessageRow span={span}>
        <div role="alert" className="space-y-3">
          <p>{error}</p>
          {onRetry ? (
            <button type="button" onClick={onRetry} className="font-semibold text-indigo-700 underline underline-offset-2">
              Try again
            </button>
          ) : null}
        </div>
      </MessageRow>
    );
  } else if (loading) {
    body = <MessageRow span={span}>Loading…</MessageRow>;
  } else if (rows.length === 0) {
    body = <MessageRow span={span}>{empty}</MessageRow>;
  } else {
    body = rows.map((row) => (
      <tr key={rowKey(row)} className="block py-2 md:table-row md:py-0">
        {columns.map((column) => (
          <td key={column.id} className={cellClass(column.align)}>
            <span aria-hidden="true" className="font-medium text-slate-500 md:hidden">
              {column.header}
            </span>
            <span className={`min-w-0 text-right ${column.align === 'end' ? '' : 'md:text-left'}`}>{column.cell(row)}</span>
          </td>
        ))}
      </tr>
    ));
  }

  return (
    <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <table aria-busy={loading || undefined} className="block w-full text-left text-slate-800 md:table">
        <caption
          className={captionHidden ? 'sr-only' : 'block px-4 pt-4 text-left font-semibold text-slate-900 md:table-caption'}
        >
          {caption}
        </caption>
        <thead className="sr-only md:not-sr-only md:table-header-group md:bg-slate-50 md:text-slate-600 md:text-sm">
          <tr>
            {columns.map((column) => {
              const key = column.sortKey;
              const direction = sort && sort.key === key ? sort.direction : null;
              return (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={key ? ariaSort(sort, key) : undefined}
                  className={`px-4 py-2 font-semibold ${column.align === 'end' ? 'text-right' : ''}`}
                >
                  {key && onSort ? (
                    <SortButton header={column.header} active={direction} onClick={() => onSort(nextSort(sort, key))} />
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="block divide-y divide-slate-200 md:table-row-group">{body}</tbody>
      </table>
    </div>
  );
}
