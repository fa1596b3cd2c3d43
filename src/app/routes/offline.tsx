import { PageMeta } from '../page-meta.tsx';

/** Served by the service worker in place of a page that was never saved on this device. */
export function Component() {
  return (
    <section className="mx-auto max-w-xl py-12 text-center" data-testid="offline-page">
      <PageMeta title="You are offline" description="This page is not saved on this device yet." noIndex />
      <h1 className="font-bold text-2xl text-slate-900 sm:text-3xl">You’re offline</h1>
      <p className="mt-4 text-slate-600">
        This page hasn’t been saved on this device yet. Pages you have opened before still work, and your tickets are always
        available. Try again when you have a connection.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href="/" className="inline-flex min-h-11 items-center rounded-lg bg-indigo-600 px-5 font-semibold text-white">
          Home page
        </a>
      </div>
    </section>
  );
}
