import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '#components/button.ts';

/** The brand banner of the home page; `children` sits under the pitch (the event search). */
export function HomeHero({ children }: { children?: ReactNode }) {
  return (
    <section className="bg-indigo-700 text-white">
      <div className="mx-auto max-w-6xl px-4 pt-10 pb-14 sm:px-6 sm:pt-16 sm:pb-20">
        <h1 className="max-w-3xl font-extrabold text-4xl leading-tight sm:text-5xl">
          Tickets for what’s on. A door that never stops.
        </h1>
        <p className="mt-5 max-w-2xl text-indigo-100 text-lg">
          Find gigs, plays, festivals and meet-ups near you and book with every fee shown up front. Running the event? Sell, scan
          and admit — even when the venue has no signal.
        </p>
        {children ? <div className="mt-8">{children}</div> : null}
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/sign-up?type=attendee" viewTransition className={buttonClass('inverse')}>
            I’m going to events
          </Link>
          <Link to="/sign-up?type=organiser" viewTransition className={buttonClass('inverse-outline')}>
            I run events
          </Link>
          <Link
            to="/about-us"
            viewTransition
            className="inline-flex min-h-12 items-center px-2 font-semibold text-indigo-50 underline underline-offset-4"
          >
            About Admit
          </Link>
        </div>
      </div>
    </section>
  );
}
