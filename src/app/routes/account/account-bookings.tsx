import { Link, useLoaderData } from 'react-router';
import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { buttonClass } from '#components/button.ts';
import { AddToCalendarButton } from '#features/events/components/event-actions.tsx';
import { myOrdersQueryOptions } from '#features/orders/api/get-my-orders.ts';
import { BookingCard } from '#features/orders/components/booking-card.tsx';
import { InactiveOrders } from '#features/orders/components/inactive-orders.tsx';
import { useBookings } from '#features/orders/hooks/use-bookings.ts';
import { useNow } from '#features/orders/hooks/use-now.ts';
import { useOnline } from '#features/orders/hooks/use-online.ts';
import { savedOrdersQueryOptions } from '#features/orders/hooks/use-saved-orders.ts';
import { bookingSections, lastUpdatedText } from '#features/orders/utils/booking-sections.ts';
import { orderCalendarEvent } from '#features/orders/utils/order-calendar-event.ts';
import { useBootState } from '#lib/public-config.tsx';

/** How long the browser waits for the device's copy before showing the page without it (IndexedDB stuck). */
const deviceReadMs = 500;

/**
 * The server renders the page with the orders. In the browser (a navigation, or the page drawn from the app
 * shell with no server HTML) the network is asked but never awaited: the tickets kept on the device answer.
 */
export function createLoader({ queryClient, api, session }: RouteContext) {
  return async (): Promise<BookingsLoaderData> => {
    const { authId } = session();
    if (!authId) return { asOf: Date.now() };
    const network = queryClient.prefetchQuery(myOrdersQueryOptions(api, authId));
    if (typeof document === 'undefined') await network;
    else
      await Promise.race([
        queryClient.prefetchQuery(savedOrdersQueryOptions(authId)),
        new Promise((resolve) => setTimeout(resolve, deviceReadMs)),
      ]);
    return { asOf: Date.now() };
  };
}

interface BookingsLoaderData {
  /** Which events have ended is judged by this on the server and while hydrating, by the browser's clock after. */
  asOf: number;
}

/** No ticket to show: nothing booked yet, or only orders that hold none (`onlyInactive`: listed below it). */
function EmptyBookings({ onlyInactive = false }: { onlyInactive?: boolean }) {
  return (
    <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
      <h2 className="font-bold text-lg text-slate-900">{onlyInactive ? 'No tickets to show' : 'No bookings yet'}</h2>
      <p className="mx-auto mt-1 max-w-md text-slate-600">
        {onlyInactive ? 'None of your orders holds a ticket now; they are listed below. ' : ''}
        Tickets you book appear here, ready to show at the door — even without a connection.
      </p>
      <Link to="/" className={`mt-5 ${buttonClass()}`}>
        Find events
      </Link>
    </div>
  );
}

function Loading() {
  return (
    <div aria-busy="true" className="space-y-4">
      <p className="sr-only" role="status">
        Loading your bookings…
      </p>
      {[0, 1].map((key) => (
        <div
          key={key}
          aria-hidden="true"
          className="h-64 animate-pulse rounded-2xl bg-white ring-1 ring-slate-200 motion-reduce:animate-none"
        />
      ))}
    </div>
  );
}

export function Component() {
  const bookings = useBookings();
  const online = useOnline();
  const { origin } = useBootState();
  const { asOf } = useLoaderData() as BookingsLoaderData;
  const clock = useNow(30_000);
  const now = clock ?? asOf;
  const { shown, isSaved } = bookings;
  const sections = shown ? bookingSections(shown.orders, now) : null;
  const empty = sections && sections.upcoming.length + sections.past.length + sections.inactive.length === 0;
  // Nothing on the device and no answer: offline (the request waits for a connection) or the request failed.
  const failed = bookings.isError || (!online && bookings.deviceRead);

  return (
    <div className="mx-auto max-w-3xl">
      <PageMeta title="Bookings" description="Your tickets on Admit." noIndex />
      <header className="mb-6">
        <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">Bookings</h1>
        <p className="mt-1 text-slate-600">Your tickets, ready for the door — also offline.</p>
        {shown && clock !== null ? (
          <p className="mt-1 text-slate-500 text-sm">
            Last updated {lastUpdatedText(shown.updatedAt, clock)}
            {bookings.isFetching ? ' · checking for changes…' : ''}
          </p>
        ) : null}
      </header>
      {(bookings.isError || !online) && shown ? (
        <p role="status" className="mb-4 rounded-xl bg-slate-100 px-4 py-3 text-slate-700 text-sm">
          You seem to be offline. These are the tickets saved on this device.
        </p>
      ) : null}
      {sections ? (
        empty ? (
          <EmptyBookings />
        ) : (
          <div className="space-y-10">
            {sections.upcoming.length + sections.past.length === 0 ? <EmptyBookings onlyInactive /> : null}
            {sections.upcoming.length > 0 ? (
              <section aria-labelledby="upcoming-title" className="space-y-4">
                <h2 id="upcoming-title" className="font-bold text-slate-900 text-xl">
                  Upcoming
                </h2>
                {sections.upcoming.map((order) => (
                  <BookingCard
                    key={order.id}
                    order={order}
                    calendarButton={<AddToCalendarButton event={orderCalendarEvent(order.event, origin)} />}
                    saved={isSaved(order.id)}
                  />
                ))}
              </section>
            ) : null}
            {sections.past.length > 0 ? (
              <section aria-labelledby="past-title" className="space-y-4">
                <h2 id="past-title" className="font-bold text-slate-900 text-xl">
                  Past events
                </h2>
                {sections.past.map((order) => (
                  <BookingCard key={order.id} order={order} past saved={isSaved(order.id)} />
                ))}
              </section>
            ) : null}
            <InactiveOrders orders={sections.inactive} />
          </div>
        )
      ) : failed ? (
        <div role="alert" className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
          <h2 className="font-bold text-lg text-slate-900">We couldn’t load your bookings</h2>
          <p className="mt-1 text-slate-600">Check your connection and try again.</p>
          <button
            type="button"
            disabled={bookings.isFetching}
            onClick={() => void bookings.refetch()}
            className={`mt-5 ${buttonClass()}`}
          >
            {bookings.isFetching ? 'Trying again…' : 'Try again'}
          </button>
        </div>
      ) : (
        <Loading />
      )}
    </div>
  );
}
