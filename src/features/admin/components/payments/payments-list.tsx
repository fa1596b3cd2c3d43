import type { Column } from '#components/data-table/data-table.tsx';
import { KeysetTable } from '#components/data-table/keyset-table.tsx';
import { TestBadge } from '#components/test-badge.tsx';
import type { AdminPaymentPage } from '#contract/admin-sales.ts';
import { formatMoney } from '#contract/money.ts';
import { useAdminList } from '../../api/lists.ts';
import { Pill } from '../list-filters.tsx';
import { orderLink, tone, when } from './money-cells.tsx';

const paymentColumns: Column<AdminPaymentPage['items'][number]>[] = [
  { id: 'at', header: 'Started', cell: (row) => when(row.createdAt) },
  { id: 'order', header: 'Order', cell: (row) => orderLink(row.orderId, row.reference) },
  { id: 'buyer', header: 'Buyer', cell: (row) => <span className="break-all">{row.buyerEmail}</span> },
  {
    id: 'provider',
    header: 'Provider',
    cell: (row) => (
      <span>
        <span className="block">{row.provider === 'sandbox' ? 'Sandbox (TEST)' : row.provider}</span>
        <span className="block break-all font-mono text-slate-600 text-xs">{row.paymentRef ?? ''}</span>
      </span>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (row) => {
      // A checkout stays open after a declined card, so the buyer can try another: say the decline, not "open".
      const declined = row.status === 'open' && row.failureReason !== null;
      return (
        <span className="flex flex-col gap-1">
          <span className="flex flex-wrap gap-1">
            <Pill tone={tone(declined ? 'failed' : row.status)}>{declined ? 'declined' : row.status}</Pill>
            {row.test ? <TestBadge /> : null}
          </span>
          {row.failureReason ? (
            <span className="text-red-700 text-sm">
              {row.failureReason}
              {declined ? ' The buyer may still try another card.' : ''}
            </span>
          ) : null}
        </span>
      );
    },
  },
  { id: 'amount', header: 'Amount', align: 'end', cell: (row) => formatMoney(row.amount, row.currency) },
  { id: 'fee', header: 'Platform fee', align: 'end', cell: (row) => formatMoney(row.fee, row.currency) },
];

export function PaymentsList({ filters }: { filters: Record<string, string> }) {
  const list = useAdminList('payments', filters);
  return <KeysetTable list={list} caption="Payments" columns={paymentColumns} empty="No payments match." />;
}
