import { Link } from 'react-router';
import { buttonClass } from '../../components/button.ts';
import { PageMeta } from '../page-meta.tsx';

/** A signed-in visitor on a page their account may not open. */
export function Forbidden() {
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <PageMeta title="No access" description="Your account cannot open this page." noIndex />
      <p className="font-semibold text-indigo-700">403</p>
      <h1 className="mt-2 font-bold text-2xl text-slate-900 sm:text-3xl">This page is not available to your account</h1>
      <p className="mt-4 text-slate-600">
        If you think you should have access, ask the owner of your organisation or contact the help desk.
      </p>
      <Link to="/account" className={`mt-8 ${buttonClass()}`}>
        Go to my account
      </Link>
    </section>
  );
}
