import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import type { EventSummary } from '#contract/events.ts';
import { useRouteSession } from '#lib/session/session-context.tsx';
import { useToggleBookmark } from '../api/toggle-bookmark.ts';
import { useBookmarkSync } from '../hooks/use-bookmark-sync.ts';
import { useBookmarked } from '../hooks/use-bookmarked.ts';

export const offlineHint = 'Saved on this device — will sync when you’re online';

interface BookmarkButtonProps {
  eventId: string;
  /** The event, when the page has it: its title names the button and the bookmarks list shows it at once. */
  event?: EventSummary;
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
      className="shrink-0"
    >
      <path d="M12 20.5s-7.5-4.6-9.3-9.2C1.4 8 3.4 4.5 6.9 4.5c2 0 3.6 1.1 5.1 3 1.5-1.9 3.1-3 5.1-3 3.5 0 5.5 3.5 4.2 6.8-1.8 4.6-9.3 9.2-9.3 9.2Z" />
    </svg>
  );
}

const baseClass =
  'inline-flex min-h-11 items-center gap-2 rounded-xl px-4 font-semibold text-sm ring-1 transition focus-visible:outline-offset-2';
const offClass = `${baseClass} bg-white text-slate-800 ring-slate-300 hover:bg-rose-50 hover:text-rose-700 hover:ring-rose-300`;
const onClass = `${baseClass} bg-rose-50 text-rose-700 ring-rose-300 hover:bg-rose-100`;

function EventName({ event }: { event?: EventSummary }) {
  return event ? <span className="sr-only"> {event.title}</span> : null;
}

function ToggleBookmarkButton({ eventId, event }: BookmarkButtonProps) {
  useBookmarkSync();
  const state = useBookmarked(eventId);
  const toggle = useToggleBookmark();
  const hintId = useId();
  return (
    <div className="flex flex-col items-end">
      <button
        type="button"
        aria-pressed={state.bookmarked}
        aria-describedby={state.waiting ? hintId : undefined}
        onClick={() => toggle({ eventId, bookmarked: !state.bookmarked, event })}
        className={state.bookmarked ? onClass : offClass}
      >
        <HeartIcon filled={state.bookmarked} />
        {state.bookmarked ? 'Bookmarked' : 'Bookmark'}
        <EventName event={event} />
      </button>
      <p id={hintId} role="status" className="mt-1 max-w-48 text-right text-amber-800 text-xs leading-snug empty:mt-0">
        {state.waiting ? offlineHint : ''}
      </p>
    </div>
  );
}

/**
 * A toggle that bookmarks an event for the signed-in user, at once and even offline (the change is
 * kept on the device and sent later). Signed out, it is a link to sign in and come back.
 */
export function BookmarkButton({ eventId, event }: BookmarkButtonProps) {
  const { signedIn } = useRouteSession();
  const location = useLocation();
  if (!signedIn) {
    const back = new URLSearchParams({ redirect: `${location.pathname}${location.search}` });
    return (
      <Link to={`/sign-in?${back.toString()}`} className={offClass}>
        <HeartIcon filled={false} />
        Bookmark
        <EventName event={event} />
      </Link>
    );
  }
  return <ToggleBookmarkButton eventId={eventId} event={event} />;
}
