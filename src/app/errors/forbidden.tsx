import { Link } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { useRouteSession } from '../../lib/session/session-context.tsx';
import { PageMeta } from '../page-meta.tsx';

/**
 * A signed-in visitor on a page their account may not open. While an administrator acts as a user (decision 033)
 * the pages are the user's, so an admin page is refused: the way back is the banner's "Stop acting", not the
 * organisation's owner.
 */
export function Forbidden() {
  const { acting } = useRouteSession();
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <PageMeta title="No access" description="Your account cannot open this page." noIndex />
      <p className="font-semibold text-indigo-700">403</p>
      {acting ? (
        <>
          <h1 className="mt-2 font-bold text-2xl text-slate-900 sm:text-3xl">You are acting as a user</h1>
          <p className="mt-4 text-slate-600">
            While you act as a user for support, you see only what they can see, and the admin pages are closed. Choose “Stop
            acting” in the banner at the top of the page to return to your own account, then open this page again.
          </p>
        </>
      ) : (
        <>
          <h1 className="mt-2 font-bold text-2xl text-slate-900 sm:text-3xl">This page is not available to your account</h1>
          <p className="mt-4 text-slate-600">
            If you think you should have access, ask the owner of your organisation or contact the help desk.
          </p>
        </>
      )}
      <Link to="/account" className={`mt-8 ${buttonClass()}`}>
        {acting ? 'Go to the user’s account' : 'Go to my account'}
      </Link>
    </section>
  );
}
