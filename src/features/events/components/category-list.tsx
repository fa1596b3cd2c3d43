import { Link } from 'react-router';
import { categoryLabel, eventCategories } from '../../../contract/event-categories.ts';

/** Every category as a link to the matching search. */
export function CategoryList({ labelledBy }: { labelledBy?: string }) {
  return (
    <ul aria-labelledby={labelledBy} className="flex flex-wrap gap-2">
      {eventCategories.map((category) => (
        <li key={category}>
          <Link
            to={`/find-events?category=${category}`}
            className="inline-flex min-h-11 items-center rounded-full bg-white px-4 font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-indigo-50 hover:ring-indigo-400"
          >
            {categoryLabel(category)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
