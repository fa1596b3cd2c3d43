import { BarChart } from '#components/charts/bar-chart.tsx';
import type { Dashboard } from '#contract/dashboard.ts';
import { dayLabel } from '../utils/chart-labels.ts';

/** Tickets sold per day, drawn on the server; its figures are in a table for screen readers. */
export function DailySalesChart({ dailySales }: Pick<Dashboard, 'dailySales'>) {
  const total = dailySales.reduce((sum, day) => sum + day.tickets, 0);
  return (
    <section aria-labelledby="daily-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <h2 id="daily-title" className="font-bold text-lg text-slate-900">
        Daily sales
      </h2>
      <p className="text-slate-600 text-sm">
        {total} ticket{total === 1 ? '' : 's'} in the last {dailySales.length} days (UTC)
      </p>
      <div className="mt-3">
        <BarChart
          title="Tickets sold per day"
          description={`Last ${dailySales.length} days, by day of payment in UTC.`}
          data={dailySales.map((day) => ({ label: dayLabel(day.day), value: day.tickets }))}
          formatValue={(value) => String(value)}
        />
      </div>
    </section>
  );
}
