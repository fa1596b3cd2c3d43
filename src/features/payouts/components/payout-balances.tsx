import { StatBox } from '#components/stat-box.tsx';
import { formatMoney } from '#contract/money.ts';
import type { PayoutBalance } from '#contract/payouts.ts';

/** Per currency, never added across currencies: sold, fees, refunds, paid out and what is still to be paid out. */
export function PayoutBalances({ balances }: { balances: PayoutBalance[] }) {
  if (balances.length === 0) {
    return (
      <p className="rounded-2xl bg-white p-5 text-slate-600 shadow-sm ring-1 ring-slate-200">
        Nothing sold yet: your balance appears here after your first paid order.
      </p>
    );
  }
  return (
    <div className="space-y-3">
      {balances.map((balance) => {
        const money = (minor: number) => formatMoney(minor, balance.currency);
        const figures = [
          { label: 'Sold', value: money(balance.sold), hint: 'What buyers paid' },
          { label: 'Fees', value: money(balance.fees), hint: 'Kept by Admit' },
          { label: 'Refunds', value: money(balance.refunds), hint: 'Paid back' },
          { label: 'Paid out', value: money(balance.paidOut), hint: 'Sent to you' },
          { label: 'Pending', value: money(balance.pending), hint: 'Yours, not paid out yet', strong: true },
        ];
        return (
          <section
            key={balance.currency}
            aria-label={`Balance in ${balance.currency}`}
            className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
          >
            <h3 className="font-semibold text-slate-900">{balance.currency}</h3>
            <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-5">
              {figures.map((figure) => (
                <StatBox key={figure.label} {...figure} />
              ))}
            </dl>
          </section>
        );
      })}
    </div>
  );
}
