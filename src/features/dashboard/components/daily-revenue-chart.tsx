import { BarChart } from '#components/charts/bar-chart.tsx';
import type { Dashboard } from '#contract/dashboard.ts';
import { formatMoney } from '#contract/money.ts';
import { dayLabel } from '../utils/chart-labels.ts';

/** What buyers paid per day, one chart per currency (never added together), drawn on the server. */
export function DailyRevenueChart({ dailyRevenue, days }: Pick<Dashboard, 'dailyRevenue'> & { days: number }) {
  return (
    <section aria-labelledby="revenue-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <h2 id="revenue-title" className="font-bold text-lg text-slate-900">
        Daily revenue
      </h2>
      {dailyRevenue.length === 0 ? (
        <p className="text-slate-600 text-sm">No money taken in the last {days} days (test orders are left out).</p>
      ) : (
        dailyRevenue.map(({ currency, days: series }) => {
          const total = series.reduce((sum, day) => sum + day.gross, 0);
          return (
            <div key={currency} className="mt-1">
              <p className="text-slate-600 text-sm">
                {formatMoney(total, currency)} paid by buyers in the last {series.length} days (UTC), tickets and fees
              </p>
              <div className="mt-3">
                <BarChart
                  title={`Revenue per day in ${currency}`}
                  description={`What buyers paid in ${currency}, last ${series.length} days, by day of payment in UTC; test orders left out.`}
                  data={series.map((day) => ({ label: dayLabel(day.day), value: day.gross }))}
                  formatValue={(value) => formatMoney(value, currency)}
                />
              </div>
            </div>
          );
        })
      )}
    </section>
  );
}
