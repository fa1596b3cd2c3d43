import { WideBarChart } from '#components/charts/bar-chart.tsx';
import { zoneLabel } from '#components/format/dates.ts';
import { ARRIVAL_SLOT_MINUTES, type Dashboard } from '#contract/dashboard.ts';
import { slotLabel } from '../utils/chart-labels.ts';

type Series = Dashboard['arrivals'][number];

function Busiest({ series }: { series: Series }) {
  const peak = series.slots.reduce<Series['slots'][number] | null>(
    (best, slot) => (best === null || slot.admitted > best.admitted ? slot : best),
    null,
  );
  if (!peak || peak.admitted === 0) return null;
  return (
    <>
      ; busiest from {slotLabel(peak.at, series.timezone)} ({peak.admitted})
    </>
  );
}

function ArrivalsOf({ series, withTitle }: { series: Series; withTitle: boolean }) {
  const zone = series.slots[0] ? zoneLabel(new Date(series.slots[0].at), series.timezone) : '';
  return (
    <div className="mt-3 first:mt-1">
      {withTitle ? <h3 className="font-semibold text-slate-900">{series.title}</h3> : null}
      <p aria-live="polite" className="text-slate-600 text-sm">
        {series.admitted} admitted
        <Busiest series={series} />
      </p>
      {series.slots.length === 0 ? (
        <p className="mt-2 text-slate-600 text-sm">No one has been admitted yet.</p>
      ) : (
        <div className="mt-3">
          <WideBarChart
            title={`Arrivals per ${ARRIVAL_SLOT_MINUTES} minutes${withTitle ? `, ${series.title}` : ''}`}
            description={`Tickets admitted at the door in each ${ARRIVAL_SLOT_MINUTES}-minute slot, ${zone} time; a ticket scanned twice counts once.`}
            data={series.slots.map((slot) => ({ label: slotLabel(slot.at, series.timezone), value: slot.admitted }))}
            formatValue={(value) => String(value)}
          />
        </div>
      )}
    </div>
  );
}

/** Who came through the door when: the chosen event, or today's events across the organisation. */
export function ArrivalsChart({ arrivals, forEvent }: Pick<Dashboard, 'arrivals'> & { forEvent: boolean }) {
  if (!forEvent && arrivals.length === 0) return null;
  return (
    <section aria-labelledby="arrivals-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <h2 id="arrivals-title" className="font-bold text-lg text-slate-900">
        {forEvent ? 'Arrivals' : 'Arrivals today'}
      </h2>
      {arrivals.map((series) => (
        <ArrivalsOf key={series.eventId} series={series} withTitle={!forEvent} />
      ))}
    </section>
  );
}
