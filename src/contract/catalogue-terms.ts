/**
 * The public catalogue's query terms as plain data, so the catalogue page can read its URL without
 * loading the schema library; `catalogue.ts` builds the API's schema from the same terms.
 */

/** Named date ranges, each worked out in the event's own time zone: its local today, or Friday to Sunday. */
export const catalogueWhens = ['today', 'weekend'] as const;
export type CatalogueWhen = (typeof catalogueWhens)[number];

export const cataloguePageSize = 12;
export const catalogueMaxPageSize = 48;
export const catalogueMaxWords = 100;
/** A city as venues write it (the events' `city`), matched whatever its case. */
export const catalogueMaxCity = 80;
/** How many cities the catalogue offers as places to browse: those with the most events on sale. */
export const catalogueCityChoices = 12;

/**
 * A page boundary: an event's start to the microsecond and its id, e.g.
 * `2026-12-01T19:00:00.000000Z_<uuid>`, and in a search `_<n>` when the event has n typed words only nearly
 * (a search lists exact matches first). Pages are cut by (start, id), so a page link keeps its place
 * however many events are published or sold out meanwhile.
 */
const cursorPattern =
  /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:_[1-9])?$/;

/** A real calendar date written YYYY-MM-DD (no 31 June, no year before 100). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const catalogueMessages = {
  date: 'Use a date written YYYY-MM-DD, e.g. 2026-12-31.',
  cursor: 'That page link is not valid; start again from the first page.',
  bothDirections: 'Ask for the page after one event or before one, not both.',
  whenAndDates: 'Choose today, this weekend or a range of dates, not both.',
  backwards: 'The last date must be on or after the first.',
  when: 'Choose today or weekend.',
} as const;

/** Whether a text is a page key (see above) naming a real instant. */
export function isPageKey(text: string): boolean {
  const match = cursorPattern.exec(text);
  if (!match) return false;
  const [, day = '', hours, minutes, seconds] = match;
  return isCalendarDate(day) && Number(hours) < 24 && Number(minutes) < 60 && Number(seconds) < 60;
}
