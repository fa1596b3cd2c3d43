import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { buttonClass } from '#components/button.ts';
import type { Bookmark } from '#contract/bookmarks.ts';
import { bookmarksQueryOptions, useBookmarks } from '#features/bookmarks/api/get-bookmarks.ts';
import { BookmarkButton } from '#features/bookmarks/components/bookmark-button.tsx';
import { PendingBookmarksNotice } from '#features/bookmarks/components/pending-bookmarks-notice.tsx';
import { useBookmarkSync } from '#features/bookmarks/hooks/use-bookmark-sync.ts';
import { useBookmarkOverrides } from '#features/bookmarks/hooks/use-bookmarked.ts';
import { bookmarkSections } from '#features/bookmarks/utils/bookmark-sections.ts';
import { EventCard, twoColumnCoverSizes } from '#features/events/components/event-card.tsx';
import { useOnline } from '#features/orders/hooks/use-online.ts';
import { useRouteSession } from '#lib/session/session-context.tsx';

/** The server renders the page with the list; in the browser the copy kept on the device answers first. */
export function createLoader({ queryClient, api, session }: RouteContext) {
  return async () => {
    const { authId } = session();
    if (authId) await queryClient.prefetchQuery(bookmarksQueryOptions(api, authId));
    return null;
  };
}

function BookmarkGrid({ items, past = false }: { items: Bookmark[]; past?: boolean }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {items.map(({ event }, index) => (
        <li key={event.id} className={past ? 'relative [&_img]:grayscale-[60%]' : undefined}>
          <EventCard
            event={event}
            eager={!past && index < 2}
            headingLevel={3}
            coverSizes={twoColumnCoverSizes}
            action={<BookmarkButton eventId={event.id} event={event} />}
          />
          {past ? (
            <span className="absolute top-3 right-3 rounded-full bg-slate-900/85 px-3 py-1 font-semibold text-sm text-white">
              Past event
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function EmptyBookmarks() {
  return (
    <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
      <h2 className="font-bold text-lg text-slate-900">No bookmarks yet</h2>
      <p className="mx-auto mt-1 max-w-md text-slate-600">
        Tap the heart on any event to keep it here. Bookmarks work offline too.
      </p>
      <Link to="/find-events" className={`mt-5 ${buttonClass()}`}>
        Find events
      </Link>
    </div>
  );
}

function LoadFailed({ onRetry, retrying }: { onRetry(): void; retrying: boolean }) {
  return (
    <div role="alert" className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
      <h2 className="font-bold text-lg text-slate-900">We couldn’t load your bookmarks</h2>
      <p className="mt-1 text-slate-600">Check your connection and try again.</p>
      <button type="button" disabled={retrying} onClick={onRetry} className={`mt-5 ${buttonClass()}`}>
        {retrying ? 'Trying again…' : 'Try again'}
      </button>
    </div>
  );
}

function Loading() {
  return (
    <div aria-busy="true" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <p className="sr-only" role="status">
        Loading your bookmarks…
      </p>
      {[0, 1, 2].map((key) => (
        <div
          key={key}
          aria-hidden="true"
          className="h-72 animate-pulse rounded-2xl bg-white ring-1 ring-slate-200 motion-reduce:animate-none"
        />
      ))}
    </div>
  );
}

export function Component() {
  useBookmarkSync();
  const { authId } = useRouteSession();
  const bookmarks = useBookmarks();
  const overrides = useBookmarkOverrides();
  const online = useOnline();
  // What this visit has shown: an event un-bookmarked here stays, un-pressed, until the visitor leaves.
  const [onScreen, setOnScreen] = useState<ReadonlyMap<string, Bookmark>>(new Map());
  useEffect(() => {
    const items = bookmarks.data?.items ?? [];
    if (items.every((item) => onScreen.get(item.event.id) === item)) return;
    setOnScreen(new Map([...onScreen, ...items.map((item) => [item.event.id, item] as const)]));
  }, [bookmarks.data, onScreen]);
  const sections = bookmarks.data && authId ? bookmarkSections(bookmarks.data.items, overrides, authId, onScreen) : null;

  return (
    <div className="mx-auto max-w-5xl">
      <PageMeta title="Bookmarks" description="The events you bookmarked on Admit." noIndex />
      <header className="mb-6">
        <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">Bookmarks</h1>
        <p className="mt-1 text-slate-600">Events you’ve saved, soonest first.</p>
      </header>
      <PendingBookmarksNotice unlisted={sections?.unlisted ?? 0} />
      {/* Offline, the device's bookmarks are what shows, whether or not a fetch has failed yet (fresh ones are not asked again). */}
      {(bookmarks.isError || !online) && sections ? (
        <p role="status" className="mb-4 rounded-xl bg-slate-100 px-4 py-3 text-slate-700 text-sm">
          You seem to be offline. These are the bookmarks saved on this device.
        </p>
      ) : null}
      {sections ? (
        sections.upcoming.length + sections.past.length === 0 ? (
          sections.unlisted === 0 ? (
            <EmptyBookmarks />
          ) : null
        ) : (
          <div className="space-y-10">
            {sections.upcoming.length > 0 ? (
              <section aria-labelledby="upcoming-title">
                <h2 id="upcoming-title" className="mb-4 font-bold text-slate-900 text-xl">
                  Upcoming
                </h2>
                <BookmarkGrid items={sections.upcoming} />
              </section>
            ) : null}
            {sections.past.length > 0 ? (
              <section aria-labelledby="past-title">
                <h2 id="past-title" className="mb-1 font-bold text-slate-900 text-xl">
                  Past events
                </h2>
                <p className="mb-4 text-slate-600 text-sm">These have ended. They stay here until you remove them.</p>
                <BookmarkGrid items={sections.past} past />
              </section>
            ) : null}
          </div>
        )
      ) : bookmarks.isError ? (
        <LoadFailed onRetry={() => void bookmarks.refetch()} retrying={bookmarks.isFetching} />
      ) : (
        <Loading />
      )}
    </div>
  );
}
