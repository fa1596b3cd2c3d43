import { Link } from 'react-router';
import { buttonClass } from '#components/button.ts';
import { Spinner } from '#components/submit-button.tsx';
import { useOrganizationEvents } from '../../api/get-organization-events.ts';
import { type EventGroupName, eventGroupOrder, groupEvents } from '../../utils/event-groups.ts';
import { OrganizerEventRow } from './organizer-event-row.tsx';

const groupTitles: Record<EventGroupName, string> = {
  draft: 'Drafts',
  upcoming: 'Published',
  past: 'Past',
  cancelled: 'Cancelled',
};

interface OrganizerEventsProps {
  organizationId: string;
  q: string;
  asOf: number;
  canEdit: boolean;
}

function EmptyState({ q, canEdit }: { q: string; canEdit: boolean }) {
  return (
    <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
      <h2 className="font-bold text-lg text-slate-900">{q ? `No events match “${q}”` : 'No events yet'}</h2>
      <p className="mt-1 text-slate-600">
        {q ? 'Try another word from the title, venue or city.' : 'Create your first event, add ticket types and publish it.'}
      </p>
      {!q && canEdit ? (
        <Link to="/organizer/events/new" className={`${buttonClass('primary')} mt-5`}>
          Create event
        </Link>
      ) : null}
    </div>
  );
}

/** The organisation's events grouped by state, for the search in the address. */
export function OrganizerEvents({ organizationId, q, asOf, canEdit }: OrganizerEventsProps) {
  const events = useOrganizationEvents(organizationId, q);
  if (!events.data) {
    return events.isError ? (
      <div role="alert" className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
        <p className="font-semibold text-slate-900">Your events could not be loaded.</p>
        <button type="button" onClick={() => void events.refetch()} className={`${buttonClass('secondary')} mt-4`}>
          Try again
        </button>
      </div>
    ) : (
      <p role="status" className="flex items-center gap-2 text-slate-600">
        <Spinner /> Loading your events…
      </p>
    );
  }

  const items = events.data.pages.flatMap((page) => page.items);
  const total = events.data.pages[0]?.total ?? 0;
  if (items.length === 0) return <EmptyState q={q} canEdit={canEdit} />;
  const groups = groupEvents(items, asOf);

  return (
    <div className="space-y-8" aria-busy={events.isFetching}>
      <p className="sr-only" role="status">
        {q ? `${total} events match “${q}”.` : `${total} events.`}
      </p>
      {eventGroupOrder.map((name) =>
        groups[name].length === 0 ? null : (
          <section key={name} aria-labelledby={`group-${name}`}>
            <h2 id={`group-${name}`} className="flex items-baseline gap-2 font-bold text-lg text-slate-900">
              {groupTitles[name]}
              <span className="font-medium text-slate-600 text-sm">{groups[name].length}</span>
            </h2>
            <ul className="mt-3 grid gap-3 xl:grid-cols-2">
              {groups[name].map((event) => (
                <OrganizerEventRow key={event.id} event={event} asOf={asOf} />
              ))}
            </ul>
          </section>
        ),
      )}
      {events.hasNextPage ? (
        <div className="text-center">
          <p className="text-slate-600 text-sm">
            Showing {items.length} of {total} events.
          </p>
          <button
            type="button"
            onClick={() => void events.fetchNextPage()}
            disabled={events.isFetchingNextPage}
            className={`${buttonClass('secondary')} mt-2`}
          >
            {events.isFetchingNextPage ? <Spinner /> : null}
            {events.isFetchingNextPage ? 'Loading…' : 'Show more events'}
          </button>
        </div>
      ) : null}
    </div>
  );
}
