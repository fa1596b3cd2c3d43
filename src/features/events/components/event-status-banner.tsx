import type { EventStatus } from '#contract/events.ts';

/** Says loudly when an event is not going ahead, has ended, or is only a draft. */
export function EventStatusBanner({ status, ended }: { status: EventStatus; ended: boolean }) {
  if (status === 'cancelled') {
    return (
      <div className="rounded-2xl border border-red-300 bg-red-50 p-4 text-red-900">
        <p className="font-bold">This event has been cancelled.</p>
        <p className="mt-1 text-sm">It will not go ahead. If you hold tickets, the organiser will contact you about a refund.</p>
      </div>
    );
  }
  if (status === 'draft') {
    return (
      <div className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
        <p className="font-bold">Draft — only your organisation can see this page.</p>
        <p className="mt-1 text-sm">Publish the event to put it on sale.</p>
      </div>
    );
  }
  if (ended) {
    return (
      <div className="rounded-2xl border border-slate-300 bg-slate-100 p-4 text-slate-800">
        <p className="font-bold">This event has ended.</p>
      </div>
    );
  }
  return null;
}
