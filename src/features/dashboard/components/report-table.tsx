import { type Column, DataTable } from '#components/data-table/data-table.tsx';
import { Pager } from '#components/data-table/pager.tsx';
import { formatCount } from '#contract/count-text.ts';
import type { ReportPage } from '#contract/reports.ts';

interface ReportTableProps {
  title: string;
  page: ReportPage | undefined;
  loading: boolean;
  error: string | null;
  onRetry(): void;
  /** The address of another page of the same report. */
  pageHref(page: number): string;
}

type Row = { key: string; cells: string[] };

/** A report on screen: its cells as the CSV file holds them, a page at a time; cards on phones. */
export function ReportTable({ title, page, loading, error, onRetry, pageHref }: ReportTableProps) {
  const columns: Column<Row>[] = (page?.columns ?? [{ header: title, numeric: false }]).map((column, index) => ({
    id: String(index),
    header: column.header,
    align: column.numeric ? 'end' : 'start',
    cell: (row) => row.cells[index] || '—',
  }));
  const first = page ? (page.page - 1) * page.pageSize : 0;
  const rows = (page?.rows ?? []).map((cells, index) => ({ key: String(first + index), cells }));
  const pages = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;
  return (
    <div className="space-y-3">
      <DataTable
        caption={page ? `${title}: ${formatCount(page.total)} ${page.total === 1 ? 'row' : 'rows'}` : title}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.key}
        loading={loading && !page}
        error={error}
        onRetry={onRetry}
        empty="Nothing in this report for these dates. Try other dates, or event dates instead of payment dates."
      />
      {page ? (
        <Pager
          label="Report pages"
          previous={page.page > 1 ? pageHref(page.page - 1) : null}
          next={page.page < pages ? pageHref(page.page + 1) : null}
        >
          <span className="text-slate-600 text-sm">
            Page {page.page} of {pages}
          </span>
        </Pager>
      ) : null}
    </div>
  );
}
