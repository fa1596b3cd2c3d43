import { addDays, endOfDay, getDay, startOfDay } from 'date-fns';
import { type EventListSearch, eventListTerms, readEventListSearch } from '#contract/event-list-terms.ts';
import type { EventListQuery } from '#contract/events.ts';

/** Date filters: named ranges (from and to are worked out in the visitor's time zone when chosen) or two dates. */
export const datePresets = ['today', 'weekend', 'week', 'custom'] as const;
export type DatePreset = (typeof datePresets)[number];
export type RelativePreset = Exclude<DatePreset, 'custom'>;

export const radiusChoices = [5, 10, 25, 50, 100] as const;
export const defaultRadiusKm = 25;

/**
 * Everything a search is, as the URL holds it: what `GET /events` needs plus the name of the date range. The radius
 * is there only with a place.
 */
export type SearchState = Omit<EventListSearch, 'radiusKm'> & { when?: DatePreset; radiusKm?: number };

/** The URL keys of the search page, in the order they are written; anything else in the URL is ignored. */
const queryKeys = ['q', 'from', 'to', 'category', 'city', 'lat', 'lng', 'radiusKm', 'price', 'online', 'sort', 'page'] as const;

/**
 * Reads a search from the URL. Each value is read as the API's schema reads it (`readEventListSearch`); one that
 * would not pass is dropped (the default applies) rather than failing the page, so an old or edited link still
 * shows results.
 */
export function parseSearch(params: URLSearchParams): SearchState {
  const raw: Record<string, string> = {};
  for (const key of queryKeys) {
    const value = params.get(key)?.trim();
    if (value) raw[key] = value;
  }
  const query = readEventListSearch(raw);

  const near = query.lat !== undefined && query.lng !== undefined;
  const backwards = query.from !== undefined && query.to !== undefined && Date.parse(query.to) < Date.parse(query.from);
  const from = backwards ? undefined : query.from;
  const to = backwards ? undefined : query.to;
  const named = params.get('when') as DatePreset | null;
  const when = from || to ? (named && datePresets.includes(named) ? named : 'custom') : undefined;
  const q = query.q || undefined;

  return {
    q,
    when,
    from,
    to,
    category: query.category,
    city: query.city || undefined,
    lat: near ? query.lat : undefined,
    lng: near ? query.lng : undefined,
    radiusKm: near ? query.radiusKm : undefined,
    price: query.price,
    online: query.online,
    // Relevance ranks by the search words; without any it is the date order.
    sort: q ? query.sort : 'date',
    page: query.page,
  };
}

/** The filters for `GET /events`; defaults are left out, so equal searches share one cache entry. */
export function toEventsQuery(state: SearchState): Partial<EventListQuery> {
  const query: Partial<EventListQuery> = {};
  if (state.q) query.q = state.q;
  if (state.from) query.from = state.from;
  if (state.to) query.to = state.to;
  if (state.category) query.category = state.category;
  if (state.city) query.city = state.city;
  if (state.lat !== undefined && state.lng !== undefined) {
    query.lat = state.lat;
    query.lng = state.lng;
    query.radiusKm = state.radiusKm ?? eventListTerms.radiusKm.default;
  }
  if (state.price) query.price = state.price;
  if (state.online !== undefined) query.online = state.online;
  if (state.sort !== 'date') query.sort = state.sort;
  if (state.page !== 1) query.page = state.page;
  return query;
}

/** The URL of a search: stable key order, defaults left out. */
export function toSearchParams(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  const query = toEventsQuery(state);
  if (query.q) params.set('q', query.q);
  if (state.when && (query.from || query.to)) params.set('when', state.when);
  for (const key of queryKeys) {
    if (key === 'q') continue;
    const value = query[key];
    if (value !== undefined) params.set(key, String(value));
  }
  return params;
}

/** A search changed by the visitor: back to page 1 unless the page is what changed. */
export function changeSearch(state: SearchState, patch: Partial<SearchState>): SearchState {
  const next: SearchState = { ...state, page: 1, ...patch };
  if (!next.q) next.sort = 'date';
  if (!next.from && !next.to) next.when = undefined;
  if (next.lat === undefined || next.lng === undefined) {
    next.lat = undefined;
    next.lng = undefined;
    next.radiusKm = undefined;
  }
  return next;
}

/** How many filters narrow the search (the search words and the order are not filters). */
export function activeFilterCount(state: SearchState): number {
  return [
    state.from || state.to,
    state.category,
    state.city,
    state.lat !== undefined,
    state.price,
    state.online !== undefined,
  ].filter(Boolean).length;
}

/** The same search without its filters: the words and the order stay. */
export function clearFilters(state: SearchState): SearchState {
  return { q: state.q, sort: state.sort, page: 1 };
}

const digits = (value: number, width = 2) => String(Math.abs(value)).padStart(width, '0');

/**
 * An instant as ISO 8601 with the visitor's own offset, e.g. 2026-06-13T00:00:00+01:00: its date is the local date.
 * Written out rather than with date-fns' `format`, whose pattern engine and locale were a third of the search page's
 * own script.
 */
export function localIso(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const day = `${digits(date.getFullYear(), 4)}-${digits(date.getMonth() + 1)}-${digits(date.getDate())}`;
  const time = `${digits(date.getHours())}:${digits(date.getMinutes())}:${digits(date.getSeconds())}`;
  return `${day}T${time}${sign}${digits(Math.trunc(Math.abs(offset) / 60))}:${digits(Math.abs(offset) % 60)}`;
}

/** The local calendar date (YYYY-MM-DD) an ISO time was written for, without converting zones. */
export const isoDay = (iso: string | undefined) => (iso ? iso.slice(0, 10) : '');

/** A named range in the visitor's time zone: today; this weekend (Friday to Sunday); the next 7 days. */
export function presetRange(preset: RelativePreset, now: Date): { from: string; to: string } {
  const today = startOfDay(now);
  if (preset === 'today') return { from: localIso(today), to: localIso(endOfDay(today)) };
  if (preset === 'week') return { from: localIso(today), to: localIso(endOfDay(addDays(today, 6))) };
  const weekday = getDay(today); // 0 Sunday … 6 Saturday
  const daysToFriday = weekday === 0 || weekday >= 5 ? 0 : 5 - weekday;
  const daysToSunday = weekday === 0 ? 0 : 7 - weekday;
  return { from: localIso(addDays(today, daysToFriday)), to: localIso(endOfDay(addDays(today, daysToSunday))) };
}

/** From the start of one local date to the end of another (YYYY-MM-DD each; either may be empty). */
export function customRange(fromDay: string, toDay: string): { from?: string; to?: string } {
  const day = (text: string) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
  };
  const start = day(fromDay);
  const end = day(toDay);
  return { from: start ? localIso(start) : undefined, to: end ? localIso(endOfDay(end)) : undefined };
}

/** Whether a named range in the URL is out of date (a shared "today" link opened tomorrow). */
export function isStalePreset(state: SearchState, now: Date): boolean {
  if (!state.when || state.when === 'custom') return false;
  const fresh = presetRange(state.when, now);
  return isoDay(fresh.from) !== isoDay(state.from) || isoDay(fresh.to) !== isoDay(state.to);
}
