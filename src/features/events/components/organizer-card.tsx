import { Link } from 'react-router';
import type { EventSummary } from '#contract/events.ts';

/** Who runs the event, linking to their public page. */
export function OrganizerCard({ organizer }: { organizer: EventSummary['organizer'] }) {
  return (
    <div className="flex items-center gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <span
        aria-hidden="true"
        className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-indigo-100 font-bold text-indigo-700 text-lg"
      >
        {organizer.name.slice(0, 1).toUpperCase()}
      </span>
      <div className="min-w-0">
        <p className="text-slate-600 text-sm">Organised by</p>
        <Link
          to={`/organisation-view/${organizer.id}`}
          className="font-semibold text-indigo-700 underline-offset-4 hover:underline"
        >
          {organizer.name}
        </Link>
        {organizer.city ? <p className="text-slate-600 text-sm">{organizer.city}</p> : null}
      </div>
    </div>
  );
}
