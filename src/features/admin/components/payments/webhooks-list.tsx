import type { Column } from '#components/data-table/data-table.tsx';
import { KeysetTable } from '#components/data-table/keyset-table.tsx';
import { type AdminWebhookPage, unmatchedWebhookOutcome } from '#contract/admin-sales.ts';
import { useAdminCan } from '../../api/get-access.ts';
import { useAdminList } from '../../api/lists.ts';
import { Pill } from '../list-filters.tsx';
import { RetryWebhookButton } from '../webhook-retry.tsx';
import { orderLink, when } from './money-cells.tsx';

type WebhookRow = AdminWebhookPage['items'][number];
const webhookColumns: Column<WebhookRow>[] = [
  { id: 'at', header: 'Received', cell: (row) => when(row.receivedAt) },
  { id: 'provider', header: 'Provider', cell: (row) => row.provider },
  { id: 'type', header: 'Event', cell: (row) => <code className="break-all text-sm">{row.type}</code> },
  { id: 'id', header: 'Delivery', cell: (row) => <span className="break-all font-mono text-xs">{row.providerEventId}</span> },
  {
    id: 'outcome',
    header: 'Outcome',
    cell: (row) => (
      <Pill tone={row.outcome === unmatchedWebhookOutcome ? 'bg-red-100 text-red-900' : 'bg-slate-100 text-slate-800'}>
        {row.outcome === unmatchedWebhookOutcome ? 'No matching payment' : row.outcome.replaceAll('_', ' ')}
      </Pill>
    ),
  },
  { id: 'order', header: 'Order', cell: (row) => (row.orderId ? orderLink(row.orderId, 'Open') : '—') },
];
/** With orders.refund, a failed delivery can be applied again. */
const retryColumn: Column<WebhookRow> = {
  id: 'retry',
  header: 'Action',
  cell: (row) => (row.outcome === unmatchedWebhookOutcome ? <RetryWebhookButton deliveryId={row.id} /> : null),
};

export function WebhooksList({ filters }: { filters: Record<string, string> }) {
  const list = useAdminList('webhooks', filters);
  const canRetry = useAdminCan()('orders.refund');
  return (
    <KeysetTable
      list={list}
      caption="Webhook deliveries"
      columns={canRetry ? [...webhookColumns, retryColumn] : webhookColumns}
      empty="No webhook deliveries match."
    />
  );
}
