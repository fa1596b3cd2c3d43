/**
 * The event search's query terms as plain data, with a reader that keeps each valid value, so the search page can
 * read its URL without loading the schema library. `events.ts` builds the API's schema from the same terms, and
 * `event-list-terms.test.ts` holds the reader to the schema.
 */
import { type EventCategory, eventCategories } from './event-categories.ts';

export const eventListTerms = {
  maxWords: 100,
  maxCity: 80,
  radiusKm: { min: 1, max: 500, default: 50 },
  page: { max: 1000 },
  pageSize: { max: 50, default: 12 },
  prices: ['free', 'paid'],
  sorts: ['date', 'relevance'],
} as const;

export type EventListPrice = (typeof eventListTerms.prices)[number];
export type EventListSort = (typeof eventListTerms.sorts)[number];

const dateTimePattern = /^(\d{4}-\d{2}-\d{2})T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

/** A real date written YYYY-MM-DD, in the Gregorian calendar, any year from 0000. */
function isDay(text: string): boolean {
  const [year = 0, month = 0, day = 0] = text.split('-').map(Number);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

/** An ISO 8601 date and time to the second with `Z` or an offset, e.g. 2026-06-13T00:00:00+01:00. */
export const isOffsetDateTime = (text: string) => {
  const day = dateTimePattern.exec(text)?.[1];
  return day !== undefined && isDay(day);
};

/** What the search page reads from its URL: the API's query without the organisation and page size. */
export interface EventListSearch {
  q?: string;
  from?: string;
  to?: string;
  category?: EventCategory;
  city?: string;
  lat?: number;
  lng?: number;
  radiusKm: number;
  price?: EventListPrice;
  online?: boolean;
  sort: EventListSort;
  page: number;
}

const oneOf = <T extends string>(choices: readonly T[], value: string | undefined): T | undefined =>
  choices.find((choice) => choice === value);

/** A number as the API reads one from a query string (`Number`), when it is finite and within the bounds. */
function numberIn(value: string | undefined, min: number, max: number, whole = false): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  return Number.isFinite(number) && number >= min && number <= max && (!whole || Number.isInteger(number)) ? number : undefined;
}

function textUpTo(value: string | undefined, max: number): string | undefined {
  const trimmed = value?.trim();
  return trimmed !== undefined && trimmed.length <= max ? trimmed : undefined;
}

/**
 * Reads a search from raw query values the way the API's schema would, except that a value the schema would refuse
 * is dropped (its default applies) rather than refusing the whole search.
 */
export function readEventListSearch(raw: Readonly<Record<string, string | undefined>>): EventListSearch {
  const search: EventListSearch = {
    radiusKm: numberIn(raw.radiusKm, eventListTerms.radiusKm.min, eventListTerms.radiusKm.max) ?? eventListTerms.radiusKm.default,
    sort: oneOf(eventListTerms.sorts, raw.sort) ?? 'date',
    page: numberIn(raw.page, 1, eventListTerms.page.max, true) ?? 1,
  };
  const q = textUpTo(raw.q, eventListTerms.maxWords);
  if (q !== undefined) search.q = q;
  const city = textUpTo(raw.city, eventListTerms.maxCity);
  if (city !== undefined) search.city = city;
  if (raw.from !== undefined && isOffsetDateTime(raw.from)) search.from = raw.from;
  if (raw.to !== undefined && isOffsetDateTime(raw.to)) search.to = raw.to;
  const category = oneOf(eventCategories, raw.category);
  if (category) search.category = category;
  const lat = numberIn(raw.lat, -90, 90);
  if (lat !== undefined) search.lat = lat;
  const lng = numberIn(raw.lng, -180, 180);
  if (lng !== undefined) search.lng = lng;
  const price = oneOf(eventListTerms.prices, raw.price);
  if (price) search.price = price;
  if (raw.online === 'true' || raw.online === 'false') search.online = raw.online === 'true';
  return search;
}
