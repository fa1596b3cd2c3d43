import { Link } from 'react-router';
import { linkClass } from '#components/button.ts';
import type { Event } from '#contract/events.ts';
import { EventStatusBadge } from '../event-status-badge.tsx';

/** The editor's title, state and links back to the list and out to the public page. */
export function EditorHeader({
  event,
  ended,
  canManageCodes = false,
}: {
  event: Event | null;
  ended: boolean;
  /** Owners and managers: links to the event's discount and access codes, its capacity, its waiting list, its questions and its messages. */
  canManageCodes?: boolean;
}) {
  return (
    <header className="space-y-3">
      <Link to="/organizer/events" className={`${linkClass} inline-flex min-h-11 items-center gap-1`}>
        <span aria-hidden="true">←</span> All events
      </Link>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h1 className="break-words font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">
          {event ? event.title : 'New event'}
        </h1>
        {event ? <EventStatusBadge status={event.status} ended={ended} /> : null}
      </div>
      {event ? (
        <p className="text-slate-600">
          {event.ticketsSold} {event.ticketsSold === 1 ? 'ticket' : 'tickets'} sold ·{' '}
          <Link to={`/event/${event.id}`} className="font-medium text-indigo-700 underline underline-offset-4">
            {event.status === 'draft' ? 'Preview the event page' : 'View the event page'}
          </Link>
          {canManageCodes ? (
            <>
              {' '}
              ·{' '}
              <Link
                to={`/organizer/events/${event.id}/codes`}
                className="font-medium text-indigo-700 underline underline-offset-4"
              >
                Discount codes
              </Link>{' '}
              ·{' '}
              <Link
                to={`/organizer/events/${event.id}/capacity`}
                className="font-medium text-indigo-700 underline underline-offset-4"
              >
                Capacity
              </Link>{' '}
              ·{' '}
              <Link
                to={`/organizer/events/${event.id}/waiting-list`}
                className="font-medium text-indigo-700 underline underline-offset-4"
              >
                Waiting list
              </Link>{' '}
              ·{' '}
              <Link
                to={`/organizer/events/${event.id}/questions`}
                className="font-medium text-indigo-700 underline underline-offset-4"
              >
                Questions at checkout
              </Link>{' '}
              ·{' '}
              <Link
                to={`/organizer/events/${event.id}/messages`}
                className="font-medium text-indigo-700 underline underline-offset-4"
              >
                Messages to attendees
              </Link>
            </>
          ) : null}
        </p>
      ) : (
        <p className="text-slate-600">Fill in the details, add ticket types, then save a draft or publish.</p>
      )}
    </header>
  );
}
