import { Link } from 'react-router';
import { buttonClass } from '#components/button.ts';
import { categoryLabel, eventCategories } from '#contract/event-categories.ts';

/** Every category as a link to its listing in the public catalogue. */
export function CategoryList({ labelledBy }: { labelledBy?: string }) {
  return (
    <ul aria-labelledby={labelledBy} className="flex flex-wrap gap-2">
      {eventCategories.map((category) => (
        <li key={category}>
          <Link to={`/events/${category}`} className={buttonClass('secondary', 'small')}>
            {categoryLabel(category)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
