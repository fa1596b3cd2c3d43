import { StatBox } from '#components/stat-box.tsx';
import type { PlatformFees } from '#contract/admin-sales.ts';
import { formatMoney } from '#contract/money.ts';

/** The booking fees the platform took in the last 30 days, per currency, less what it gave back. */
export function FeeFigures({ fees }: { fees: PlatformFees }) {
  return (
    <section aria-labelledby="fees-title" className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="fees-title" className="font-bold text-lg text-slate-900">
        Platform fees, last 30 days
      </h2>
      {fees.items.length === 0 ? (
        <p className="text-slate-600">No booking fees taken in the last 30 days (TEST orders are left out).</p>
      ) : (
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {fees.items.map((row) => (
            <StatBox
              key={row.currency}
              label={`Fees in ${row.currency}`}
              value={formatMoney(row.fees - row.refundedFees, row.currency)}
              hint={`${row.orders} orders; ${formatMoney(row.refundedFees, row.currency)} given back`}
            />
          ))}
        </dl>
      )}
    </section>
  );
}
