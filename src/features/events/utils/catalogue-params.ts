import {
  type CatalogueWhen,
  catalogueMaxCity,
  catalogueMaxWords,
  catalogueWhens,
  isCalendarDate,
  isPageKey,
} from '#contract/catalogue-terms.ts';
import { type EventCategory, eventCategories } from '#contract/event-categories.ts';
import type { CatalogueRequest } from '#lib/query-keys/catalogue.ts';

/** The catalogue as its address holds it: `/events[/category]?city=&q=&when=|from=&to=&after=|before=`. */
export interface CatalogueState {
  category?: EventCategory;
  city?: string;
  q?: string;
  when?: CatalogueWhen;
  from?: string;
  to?: string;
  after?: string;
  before?: string;
}

export const isCategory = (value: string | undefined): value is EventCategory =>
  value !== undefined && (eventCategories as readonly string[]).includes(value);

/**
 * Reads the catalogue from its address. A value that is not valid is dropped rather than failing the
 * page, so an old or hand-edited link still lists events, and the API is only ever asked valid
 * questions. `category` comes from the path or, from the filter form, from the query string.
 */
export function parseCatalogue(pathCategory: string | undefined, params: URLSearchParams): CatalogueState {
  const text = (key: string) => params.get(key)?.trim() || undefined;
  const state: CatalogueState = {};
  const category = pathCategory ?? text('category');
  if (isCategory(category)) state.category = category;
  const city = text('city')?.replace(/\s+/g, ' ');
  if (city && city.length <= catalogueMaxCity) state.city = city;
  const q = text('q')?.slice(0, catalogueMaxWords).trim();
  if (q) state.q = q;
  const when = text('when');
  if (when && (catalogueWhens as readonly string[]).includes(when)) {
    state.when = when as CatalogueWhen;
  } else {
    // "Choose dates" or no choice: the dates given, in order.
    const days = [text('from'), text('to')].map((day) => (day && isCalendarDate(day) ? day : undefined));
    const [from, to] = days[0] && days[1] && days[0] > days[1] ? [days[1], days[0]] : days;
    if (from) state.from = from;
    if (to) state.to = to;
  }
  const after = text('after');
  const before = text('before');
  if (after && isPageKey(after)) state.after = after;
  else if (before && isPageKey(before)) state.before = before;
  return state;
}

/** The query string of a catalogue address (without the category, which is in the path), in a stable order. */
export function catalogueSearch(state: CatalogueState): string {
  const params = new URLSearchParams();
  for (const key of ['city', 'q', 'when', 'from', 'to', 'after', 'before'] as const) {
    const value = state[key];
    if (value) params.set(key, value);
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The path of the catalogue, or of one category's part of it. */
export const cataloguePath = (category?: EventCategory) => (category ? `/events/${category}` : '/events');

/** The full address of a catalogue state. */
export const catalogueHref = (state: CatalogueState) => `${cataloguePath(state.category)}${catalogueSearch(state)}`;

/** The same filters from their first page. */
export const firstPage = ({ after: _after, before: _before, ...filters }: CatalogueState): CatalogueState => filters;

/** Whether the visitor narrowed the catalogue by words or days (such pages are search results, not indexed; a city listing is). */
export const isSearch = (state: CatalogueState) => Boolean(state.q || state.when || state.from || state.to);

/** What `GET /catalogue` is asked for this state. */
export function toCatalogueRequest(state: CatalogueState): CatalogueRequest {
  const request: CatalogueRequest = {};
  for (const key of ['q', 'category', 'city', 'when', 'from', 'to', 'after', 'before'] as const) {
    const value = state[key];
    if (value) Object.assign(request, { [key]: value });
  }
  return request;
}
