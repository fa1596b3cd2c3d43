import { Link } from 'react-router';
import { buttonClass } from '../../../components/button.ts';
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
          <Link to={`/find-events?category=${category}`} className={buttonClass('secondary', 'small')}>
            {labels[category]}
          </Link>
        </li>
      ))}
    </ul>
  );
}
