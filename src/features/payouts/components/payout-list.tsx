import { useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { formatDay } from '#components/format/date-time.ts';
import { TestBadge } from '#components/test-badge.tsx';
import { formatMoney } from '#contract/money.ts';
import type { PayoutRow } from '#contract/payouts.ts';
import { usePayout } from '../api/get-payouts.ts';

/** The orders a payout covers, loaded when it is opened. */
function CoveredOrders({ organizationId, payout }: { organizationId: string; payout: PayoutRow }) {
  const detail = usePayout(organizationId, payout.id, true);
  if (detail.isPending) return <p className="text-slate-600 text-sm">Loading the orders…</p>;
  if (detail.isError) return <p className="text-red-700 text-sm">The orders could not be loaded. Please try again.</p>;
  return (
    <ul className="divide-y divide-slate-100 text-sm" aria-label={`Orders in payout ${payout.reference}`}>
      {detail.data.orderItems.map((order) => (
        <li key={order.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
          <span>
            <span className="font-mono font-semibold">{order.reference}</span>{' '}
            <span className="text-slate-600">
              · {order.eventTitle} · {order.buyerName}
            </span>
          </span>
          <span className="tabular-nums">{formatMoney(order.amount, payout.currency)}</span>
        </li>
      ))}
    </ul>
  );
}

function PayoutItem({ organizationId, payout }: { organizationId: string; payout: PayoutRow }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            <span className="tabular-nums">{formatMoney(payout.amount, payout.currency)}</span>
            {payout.test ? <TestBadge /> : null}
            <span className="font-mono font-normal text-slate-600 text-sm">{payout.reference}</span>
          </p>
          <p className="text-slate-600 text-sm">
            Paid {formatDay(payout.createdAt)} · {payout.orders} order{payout.orders === 1 ? '' : 's'}
          </p>
        </div>
        <button
          type="button"
          className={buttonClass('secondary', 'small')}
          aria-expanded={open}
          onClick={() => setOpen((was) => !was)}
        >
          {open ? 'Hide orders' : 'Show orders'}
        </button>
      </div>
      {open ? (
        <div className="mt-2 rounded-xl bg-slate-50 px-3">
          <CoveredOrders organizationId={organizationId} payout={payout} />
        </div>
      ) : null}
    </li>
  );
}

/** Newest first; each payout opens to the orders it covers. */
export function PayoutList({ organizationId, payouts }: { organizationId: string; payouts: PayoutRow[] }) {
  if (payouts.length === 0) {
    return <p className="text-slate-600">No payouts yet. A payout is made after each of your events ends.</p>;
  }
  return (
    <ul className="divide-y divide-slate-200">
      {payouts.map((payout) => (
        <PayoutItem key={payout.id} organizationId={organizationId} payout={payout} />
      ))}
    </ul>
  );
}
