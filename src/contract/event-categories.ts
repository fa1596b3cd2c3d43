/** Event categories as plain data, so pages that only list them load no schema library. */
export const eventCategories = [
  'music',
  'theatre',
  'comedy',
  'festival',
  'sport',
  'food-and-drink',
  'arts',
  'business',
  'community',
  'family',
] as const;
export type EventCategory = (typeof eventCategories)[number];

/** The name of each category as pages show it. */
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
