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
