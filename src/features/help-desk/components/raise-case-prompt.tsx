import { Link } from 'react-router';
import { buttonClass } from '#components/button.ts';

/** The way to a person when the answers did not help; the category is filled in on the form. */
export function RaiseCasePrompt({ category, about }: { category?: string; about?: string }) {
  const search = new URLSearchParams();
  if (category) search.set('category', category);
  if (about) search.set('article', about);
  const query = search.toString();
  return (
    <section aria-labelledby="raise-case-title" className="rounded-xl border border-slate-200 bg-slate-50 p-4">
      <h2 id="raise-case-title" className="font-bold text-lg text-slate-900">
        Still need help?
      </h2>
      <p className="mt-1 text-slate-700">Tell us what happened and a person from our team will answer by email.</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to={`/help-desk/raise-case${query ? `?${query}` : ''}`} className={buttonClass('primary')}>
          Raise a case
        </Link>
        <Link to="/help-desk/check-status" className={buttonClass('secondary')}>
          Check a case
        </Link>
      </div>
    </section>
  );
}
