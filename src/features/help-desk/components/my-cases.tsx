import { Link } from 'react-router';
import { caseStateLabels } from '#contract/help-case-terms.ts';
import { useMyCases } from '../api/case-calls.ts';

/** A signed-in person's own cases, which they open without any link. */
export function MyCases() {
  const { data: cases } = useMyCases(true);
  if (!cases?.length) return null;
  return (
    <section aria-labelledby="my-cases-title" className="space-y-2">
      <h2 id="my-cases-title" className="font-bold text-slate-900 text-xl">
        Your cases
      </h2>
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {cases.map((item) => (
          <li key={item.id}>
            <Link
              to={`/help-desk/case-details?case=${item.id}`}
              className="flex flex-wrap justify-between gap-2 px-4 py-3 hover:bg-slate-50"
            >
              <span className="font-semibold text-indigo-700">{item.subject}</span>
              <span className="text-slate-600 text-sm">
                {item.reference} · {caseStateLabels[item.state]}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
