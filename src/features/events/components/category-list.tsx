import { Link } from 'react-router';
import { type EventCategory, eventCategories } from '../../../contract/event-categories.ts';

const labels: Record<EventCategory, string> = {
  music: 'Music',
  theatre: 'Theatre',
  comedy: 'Comedy',
  festival: 'Festivals',
  sport: 'Sport',
  'food-and-drink': 'Food & drink',
  arts: 'Arts',
  business: 'Business',
  community: 'Community',
  family: 'Family',
};

export const categoryLabel = (category: EventCategory) => labels[category];

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
            {labels[category]}
          </Link>
        </li>
      ))}
    </ul>
  );
}
