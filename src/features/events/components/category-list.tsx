import { Link } from 'react-router';
import { buttonClass } from '../../../components/button.ts';
import { categoryLabel, type EventCategory, eventCategories } from '../../../contract/event-categories.ts';

/** Every category as a link to its listing (`linkTo` makes the address). */
export function CategoryList({ labelledBy, linkTo }: { labelledBy?: string; linkTo: (category: EventCategory) => string }) {
  return (
    <ul aria-labelledby={labelledBy} className="flex flex-wrap gap-2">
      {eventCategories.map((category) => (
        <li key={category}>
          <Link to={linkTo(category)} className={buttonClass('secondary', 'small')}>
            {categoryLabel(category)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
