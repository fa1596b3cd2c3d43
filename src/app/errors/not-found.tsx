import { Link, useLocation } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { PageMeta } from '../page-meta.tsx';

/** The spec's 404: "Page Not Found" followed by the full path. */
export function NotFound() {
  const location = useLocation();
  const fullPath = `${location.pathname}${location.search}${location.hash}`;
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <PageMeta title="Page Not Found" description="This page does not exist on Admit." noIndex />
      <p className="font-semibold text-indigo-700">404</p>
      <h1 className="mt-2 break-words font-bold text-2xl text-slate-900 sm:text-3xl" data-testid="not-found-message">
        Page Not Found {fullPath}
      </h1>
      <p className="mt-4 text-slate-600">The address may be mistyped, or the page may have moved.</p>
      <Link to="/" className={`mt-8 ${buttonClass()}`}>
        Go to the home page
      </Link>
    </section>
  );
}
