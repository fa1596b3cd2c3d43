import { booleanFilter, choiceFilter, dayFilter, textFilter } from '#components/data-table/url-filters.ts';
import { isUuid } from '#contract/ids.ts';
import type { OrderListQuery, OrderStatus } from '#contract/orders.ts';

/** The organiser's order list as the address says it: shareable, and kept on reload and back. */
export interface OrderFilters {
  eventId: string | null;
  /** Calendar days (YYYY-MM-DD) in the viewer's zone; both ends included. */
  from: string | null;
  to: string | null;
  status: OrderStatus | null;
  /** true: TEST orders only (paid in the sandbox); false: real orders only; null: both. */
  test: boolean | null;
  q: string;
  page: number;
}

/** Filters that show every order, from page 1. */
export const noOrderFilters: OrderFilters = { eventId: null, from: null, to: null, status: null, test: null, q: '', page: 1 };

export const orderStatuses: readonly OrderStatus[] = [
  'paid',
  'pending',
  'partially_refunded',
  'refunded',
  'failed',
  'expired',
  'cancelled',
];

export const ordersPageSize = 25;

const statusFilter = choiceFilter(orderStatuses);
const searchFilter = textFilter(100);

/** Reads the filters from the address; anything malformed is dropped rather than sent to the API. */
export function parseOrderFilters(search: URLSearchParams): OrderFilters {
  const eventId = search.get('eventId');
  const page = Number.parseInt(search.get('page') ?? '1', 10);
  return {
    eventId: eventId && isUuid(eventId) ? eventId.toLowerCase() : null,
    from: dayFilter.parse(search.get('from')),
    to: dayFilter.parse(search.get('to')),
    status: statusFilter.parse(search.get('status')),
    test: booleanFilter.parse(search.get('test')),
    q: searchFilter.parse(search.get('q')),
    page: Number.isFinite(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The filters as address parameters, leaving out what is not set (and page 1). */
export function orderFiltersToSearch(filters: OrderFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.eventId) search.set('eventId', filters.eventId);
  if (filters.from) search.set('from', filters.from);
  if (filters.to) search.set('to', filters.to);
  if (filters.status) search.set('status', filters.status);
  if (filters.test !== null) search.set('test', String(filters.test));
  if (filters.q) search.set('q', filters.q);
  if (filters.page > 1) search.set('page', String(filters.page));
  return search;
}

/** Midnight starting a calendar day in the viewer's zone. */
function startOfDay(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date);
}

/**
 * The API's query: days become instants in the viewer's zone, from the first moment of `from` to
 * the last of `to`. `page` is left out for the CSV export, which has every matching order.
 */
export function orderListQuery(filters: OrderFilters, { paged = true } = {}): Partial<OrderListQuery> {
  const query: Partial<OrderListQuery> = {};
  if (filters.eventId) query.eventId = filters.eventId;
  if (filters.from) query.from = startOfDay(filters.from).toISOString();
  if (filters.to) {
    const end = startOfDay(filters.to);
    end.setDate(end.getDate() + 1);
    query.to = new Date(end.getTime() - 1).toISOString();
  }
  if (filters.status) query.status = filters.status;
  if (filters.test !== null) query.test = filters.test;
  if (filters.q) query.q = filters.q;
  if (paged) {
    query.page = filters.page;
    query.pageSize = ordersPageSize;
  }
  return query;
}
