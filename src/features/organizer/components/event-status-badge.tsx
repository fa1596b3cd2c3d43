import type { EventStatus } from '#contract/events.ts';

const looks = {
  draft: { label: 'Draft', className: 'bg-slate-100 text-slate-800 ring-slate-300' },
  published: { label: 'On sale', className: 'bg-emerald-50 text-emerald-800 ring-emerald-300' },
  ended: { label: 'Ended', className: 'bg-amber-50 text-amber-900 ring-amber-300' },
  cancelled: { label: 'Cancelled', className: 'bg-red-50 text-red-800 ring-red-300' },
} as const;

/** An event's state as a small label: draft, on sale, ended or cancelled. */
export function EventStatusBadge({ status, ended = false }: { status: EventStatus; ended?: boolean }) {
  const look = looks[status === 'published' && ended ? 'ended' : status];
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 font-semibold text-xs ring-1 ${look.className}`}>
      {look.label}
    </span>
  );
}
