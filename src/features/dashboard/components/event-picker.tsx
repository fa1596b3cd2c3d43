import { compactControlClass, compactLabelClass } from '#components/fields/compact-control.ts';
import type { Dashboard } from '#contract/dashboard.ts';

/** Chooses the whole organisation or one event; the choice lives in the address. */
export function EventPicker({
  events,
  eventId,
  onChange,
}: Pick<Dashboard, 'events'> & { eventId: string | null; onChange(eventId: string | null): void }) {
  return (
    <div className="w-full sm:w-80">
      <label htmlFor="dashboard-event" className={compactLabelClass}>
        Show
      </label>
      <select
        id="dashboard-event"
        value={eventId ?? ''}
        onChange={(event) => onChange(event.target.value || null)}
        className={compactControlClass}
      >
        <option value="">All events</option>
        {events.map((event) => (
          <option key={event.id} value={event.id}>
            {event.title}
            {event.status === 'draft' ? ' (draft)' : event.status === 'cancelled' ? ' (cancelled)' : ''}
          </option>
        ))}
      </select>
    </div>
  );
}
