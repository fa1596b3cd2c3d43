import { Link, type LoaderFunctionArgs, useParams } from 'react-router';
import { notFound } from '#app/not-found-response.ts';
import { PageMeta } from '#app/page-meta.tsx';
import { buttonClass } from '#components/button.ts';
import { eventParamsSchema } from '#contract/events.ts';
import { useDoorList } from '#features/dashboard/api/get-door-list.ts';
import { DoorListSheet } from '#features/dashboard/components/door-list-sheet.tsx';
import { statusOf } from '#lib/api-caller.tsx';

const refusals: Record<number, string> = {
  403: 'The door list is for owners, managers and door staff.',
  404: 'That event was not found in your organisation.',
};

/** An address whose event id is not an id names nothing: the 404 page, as for any unknown address. */
export function createLoader() {
  return ({ params }: LoaderFunctionArgs) => {
    if (!eventParamsSchema.safeParse(params).success) throw notFound();
    return null;
  };
}

export function Component() {
  const { eventId = '' } = useParams();
  const list = useDoorList(eventId);
  return (
    <div className="space-y-4">
      <PageMeta title="Door list" description="The event’s attendees by surname, to print for the door." noIndex />
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to="/organizer/reports" className="link">
          ← Reports
        </Link>
        {list.data ? (
          <button type="button" onClick={() => window.print()} className={buttonClass('primary', 'small')}>
            Print door list
          </button>
        ) : null}
      </div>
      {list.data ? (
        <DoorListSheet list={list.data} />
      ) : list.error ? (
        <p role="alert" className="rounded-2xl bg-white p-6 text-slate-700 shadow-sm ring-1 ring-slate-200">
          {refusals[statusOf(list.error) ?? 0] ?? 'The door list could not be loaded. Please try again.'}
        </p>
      ) : (
        <p className="text-slate-600">Loading the door list…</p>
      )}
    </div>
  );
}
