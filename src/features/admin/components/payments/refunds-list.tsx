import type { Column } from '#components/data-table/data-table.tsx';
import { KeysetTable } from '#components/data-table/keyset-table.tsx';
import { TestBadge } from '#components/test-badge.tsx';
import type { AdminRefundPage } from '#contract/admin-sales.ts';
import { formatMoney } from '#contract/money.ts';
import { useAdminList } from '../../api/lists.ts';
import { Pill } from '../list-filters.tsx';
import { orderLink, tone, when } from './money-cells.tsx';

const refundColumns: Column<AdminRefundPage['items'][number]>[] = [
  { id: 'at', header: 'Decided', cell: (row) => when(row.createdAt) },
  { id: 'order', header: 'Order', cell: (row) => orderLink(row.orderId, row.reference) },
  { id: 'reason', header: 'Reason', cell: (row) => <span className="break-words">{row.reason}</span> },
  {
    id: 'status',
    header: 'Status',
    cell: (row) => (
      <span>
        <span className="flex flex-wrap gap-1">
          <Pill tone={tone(row.status)}>{row.status}</Pill>
          {row.test ? <TestBadge /> : null}
        </span>
        {row.lastError ? <span className="block text-red-700 text-sm">{row.lastError}</span> : null}
      </span>
    ),
  },
  { id: 'amount', header: 'Amount', align: 'end', cell: (row) => formatMoney(row.amount, row.currency) },
  { id: 'fee', header: 'Fee returned', align: 'end', cell: (row) => formatMoney(row.feeAmount, row.currency) },
];

export function RefundsList({ filters }: { filters: Record<string, string> }) {
  const list = useAdminList('refunds', filters);
  return <KeysetTable list={list} caption="Refunds" columns={refundColumns} empty="No refunds match." />;
}
