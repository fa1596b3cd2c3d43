import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { buttonClass } from '#components/button.ts';
import { eventsQueryOptions } from '#features/events/api/get-events.ts';
import { CategoryList } from '#features/events/components/category-list.tsx';
import { EventGrid } from '#features/events/components/event-grid.tsx';
import { SearchBox } from '#features/events/components/search-box.tsx';
import { AudienceSection } from '#features/marketing/components/audience-section.tsx';
import { HomeHero } from '#features/marketing/components/home-hero.tsx';
import { useApiCaller } from '#lib/api-caller.tsx';

/** The next published events, soonest first. */
const happeningSoon = { pageSize: 8, sort: 'date' } as const;

/** Prefetches the events, so the server sends the page with them; a failure leaves the section to say so. */
export function createLoader({ queryClient, api }: RouteContext) {
  return async () => {
    await queryClient.prefetchQuery(eventsQueryOptions(api, happeningSoon));
    return null;
  };
}

const attendeePoints = [
  { title: 'Find what’s on', body: 'Browse events by city, date and category, and bookmark the ones you like.' },
  { title: 'Honest prices', body: 'The booking fee and the total are shown before you pay. No surprises at checkout.' },
  { title: 'Tickets in your pocket', body: 'Your QR tickets live in the app and open even without a connection.' },
  { title: 'Help when you need it', body: 'Raise a case with our help desk and follow it until it is solved.' },
];

const organizerPoints = [
  { title: 'Publish in minutes', body: 'Create an event with ticket types, prices, capacity and sales windows.' },
  { title: 'Scan at the door', body: 'Any phone is a scanner. It keeps admitting people offline and never loses a scan.' },
  { title: 'Forgery-proof tickets', body: 'Every ticket is signed, so a copied or invented code is refused on the spot.' },
  { title: 'Know your numbers', body: 'See sales, payments, check-ins and who is inside, live, with your whole team.' },
];

function HappeningSoon() {
  const api = useApiCaller();
  const events = useQuery(eventsQueryOptions(api, happeningSoon));
  return (
    <section aria-labelledby="happening-soon-title" className="mx-auto max-w-6xl px-4 pt-12 pb-6 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="happening-soon-title" className="font-bold text-2xl text-slate-900 sm:text-3xl">
          Happening soon
        </h2>
        <Link to="/events" className="font-semibold text-indigo-700 underline-offset-4 hover:underline">
          See all events
        </Link>
      </div>
      <div className="mt-6" aria-busy={events.isPending}>
        {events.data ? (
          <EventGrid
            events={events.data.items}
            // Below the hero: no cover is the largest paint, so none is preloaded ahead of the stylesheet and scripts.
            eagerCount={0}
            empty={<p className="text-slate-600">No events are on sale right now. Check back soon.</p>}
          />
        ) : events.isError ? (
          <p className="text-slate-600">The events could not be loaded right now. Please try again in a moment.</p>
        ) : (
          <p className="text-slate-600">Loading events…</p>
        )}
      </div>
    </section>
  );
}

export function Component() {
  return (
    <>
      <PageMeta
        title="Admit"
        description="Find events and book tickets with every fee shown up front, or sell tickets and scan them at the door, even offline."
      />
      <HomeHero>
        <SearchBox />
      </HomeHero>
      <HappeningSoon />
      <section aria-labelledby="categories-title" className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <h2 id="categories-title" className="font-bold text-2xl text-slate-900">
          Browse by category
        </h2>
        <div className="mt-4">
          <CategoryList labelledBy="categories-title" />
        </div>
      </section>
      <AudienceSection
        id="attendees"
        eyebrow="For attendees"
        title="Book with confidence, get in without fuss."
        points={attendeePoints}
      />
      <div className="bg-slate-100">
        <AudienceSection
          id="organisers"
          eyebrow="For organisers"
          title="Sell out, then open the doors without a hitch."
          points={organizerPoints}
        />
      </div>
      <section className="mx-auto max-w-6xl px-4 py-14 text-center sm:px-6">
        <h2 className="font-bold text-2xl text-slate-900">Install Admit on your phone</h2>
        <p className="mx-auto mt-3 max-w-xl text-slate-600">
          Add Admit to your home screen from your browser’s menu. It opens like an app and keeps working on a weak connection.
        </p>
        <Link to="/about-us" viewTransition className={`mt-6 ${buttonClass()}`}>
          Learn how Admit works
        </Link>
      </section>
    </>
  );
}
