import { Link } from 'react-router';
import type { Column } from '#components/data-table/data-table.tsx';
import { KeysetTable } from '#components/data-table/keyset-table.tsx';
import type { AdminPayoutPage } from '#contract/admin-sales.ts';
import { formatMoney } from '#contract/money.ts';
import { useAdminList } from '../../api/lists.ts';
import { Pill } from '../list-filters.tsx';
import { when } from './money-cells.tsx';

const payoutColumns: Column<AdminPayoutPage['items'][number]>[] = [
  { id: 'at', header: 'Paid out', cell: (row) => when(row.createdAt) },
  { id: 'reference', header: 'Reference', cell: (row) => <span className="font-mono text-sm">{row.reference}</span> },
  {
    id: 'organiser',
    header: 'Organiser',
    cell: (row) => (
      <Link to={`/admin/organisers/${row.organizationId}`} className="font-semibold text-indigo-700 underline underline-offset-2">
        {row.organizationName}
      </Link>
    ),
  },
  { id: 'orders', header: 'Orders', align: 'end', cell: (row) => row.orders },
  { id: 'status', header: 'Status', cell: (row) => <Pill tone="bg-emerald-100 text-emerald-900">{row.status}</Pill> },
  { id: 'provider', header: 'Provider', cell: (row) => row.provider },
  { id: 'amount', header: 'Amount', align: 'end', cell: (row) => formatMoney(row.amount, row.currency) },
];

export function PayoutsList({ filters }: { filters: Record<string, string> }) {
  const list = useAdminList('payouts', filters);
  return <KeysetTable list={list} caption="Payouts" columns={payoutColumns} empty="No payouts match." />;
}
