import { Link } from 'react-router';
import { deviceDateTime } from '#components/format/device-time.ts';
import { type DoorEventChoice, type DoorEventWhen, orderDoorEvents } from '../utils/door-events.ts';

const whenLabel: Record<DoorEventWhen, string> = { now: 'On now', today: 'Today', upcoming: 'Upcoming', past: 'Past' };

/** The events a door can scan, today's first; those with scan data on this device are marked. */
export function EventPicker({
  events,
  prepared,
  selected,
  now,
}: {
  events: DoorEventChoice[];
  prepared: ReadonlySet<string>;
  selected: string | null;
  now: number;
}) {
  const ordered = orderDoorEvents(events, now);
  if (ordered.length === 0) {
    return <p className="rounded-2xl bg-white p-5 text-slate-600">No published events to scan yet.</p>;
  }
  return (
    <ul className="space-y-2" aria-label="Events">
      {ordered.map((event) => {
        const active = event.id === selected;
        return (
          <li key={event.id}>
            <Link
              to={`/organizer/scan-ticket?event=${encodeURIComponent(event.id)}`}
              aria-current={active ? 'true' : undefined}
              className={`flex min-h-16 items-center justify-between gap-3 rounded-2xl border px-4 py-3 ${active ? 'border-indigo-600 bg-indigo-50' : 'border-slate-200 bg-white hover:border-slate-300'}`}
            >
              <span className="min-w-0">
                <span className="block truncate font-semibold text-slate-900">{event.title}</span>
                <span className="text-slate-600 text-sm">{deviceDateTime(event.startsAt, event.timezone)}</span>
              </span>
              <span className="flex shrink-0 flex-col items-end gap-1">
                <span
                  className={`rounded-full px-2.5 py-0.5 font-semibold text-xs ${event.when === 'now' || event.when === 'today' ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-100 text-slate-700'}`}
                >
                  {whenLabel[event.when]}
                </span>
                {prepared.has(event.id) ? <span className="font-medium text-indigo-700 text-xs">On this device</span> : null}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
