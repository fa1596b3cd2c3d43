import { BarChart } from '#components/charts/bar-chart.tsx';
import { zonedText } from '#components/format/dates.ts';
import { StatBox } from '#components/stat-box.tsx';
import type { PlatformOverview } from '#contract/admin.ts';
import { formatCount } from '#contract/count-text.ts';
import { formatMoney } from '#contract/money.ts';

const dayLabel = (day: string) => zonedText(new Date(`${day}T00:00:00Z`), 'UTC', { day: 'numeric', month: 'short' });
const orders = (value: number) => `${formatCount(value)} order${value === 1 ? '' : 's'}`;

/** The last 30 days in figures, and 14 days of orders and sign-ups as bars. */
export function PlatformFigures({ overview }: { overview: PlatformOverview }) {
  return (
    <section aria-labelledby="figures-title" className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="figures-title" className="font-bold text-slate-900 text-xl">
        Last 30 days
      </h2>
      <dl className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <StatBox
          label="Paid orders"
          value={formatCount(overview.paidOrders)}
          hint={`${formatCount(overview.testOrders)} TEST orders apart`}
          strong
        />
        <StatBox label="Sign-ups" value={formatCount(overview.signups)} />
        {overview.money.length === 0 ? <StatBox label="Sales" value="None yet" /> : null}
        {overview.money.map((row) => (
          <StatBox
            key={row.currency}
            label={`Sales in ${row.currency}`}
            value={formatMoney(row.sales, row.currency)}
            hint={`${formatMoney(row.fees, row.currency)} booking fees · ${orders(row.orders)}`}
          />
        ))}
      </dl>
      <div className="grid gap-6 xl:grid-cols-2">
        <figure>
          <figcaption className="mb-2 font-semibold text-slate-900">Paid orders per day</figcaption>
          <BarChart
            title="Paid orders per day"
            description="The last 14 days, UTC, TEST orders apart."
            data={overview.days.map((day) => ({ label: dayLabel(day.day), value: day.orders }))}
            formatValue={formatCount}
          />
        </figure>
        <figure>
          <figcaption className="mb-2 font-semibold text-slate-900">Sign-ups per day</figcaption>
          <BarChart
            title="Sign-ups per day"
            description="The last 14 days, UTC."
            data={overview.days.map((day) => ({ label: dayLabel(day.day), value: day.signups }))}
            formatValue={formatCount}
          />
        </figure>
      </div>
      <div>
        <h3 className="font-semibold text-slate-900">Top events</h3>
        {overview.topEvents.length === 0 ? (
          <p className="text-slate-600">No paid orders in these 30 days.</p>
        ) : (
          <ol className="mt-2 list-decimal space-y-1 pl-6 text-slate-800">
            {overview.topEvents.map((event) => (
              <li key={event.eventId}>
                {event.title} — {orders(event.orders)}
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
