import { describe, expect, it } from 'vitest';
import { orderListQuerySchema } from '../../../contract/orders.ts';
import { orderFiltersToSearch, orderListQuery, parseOrderFilters } from './order-filters.ts';

const eventId = '6f1c2c3e-8d7a-4b8e-9f5a-2c1d3e4f5a6b';

describe('order filters in the address', () => {
  it('read back what they wrote', () => {
    const filters = { eventId, from: '2026-06-01', to: '2026-06-30', status: 'paid' as const, q: 'K7P3', page: 3 };
    expect(parseOrderFilters(orderFiltersToSearch(filters))).toEqual(filters);
  });

  it('leave out what is not set, and page 1', () => {
    const search = orderFiltersToSearch({ eventId: null, from: null, to: null, status: null, q: '', page: 1 });
    expect(search.toString()).toBe('');
  });

  it('drop malformed values instead of sending them to the API', () => {
    const filters = parseOrderFilters(
      new URLSearchParams('eventId=nope&from=2026-13-45&to=yesterday&status=stolen&page=-2&q=%20%20'),
    );
    expect(filters).toEqual({ eventId: null, from: null, to: null, status: null, q: '', page: 1 });
  });
});

describe('orderListQuery', () => {
  it('turns days into the instants the contract accepts, both days included', () => {
    const query = orderListQuery({ eventId, from: '2026-06-01', to: '2026-06-30', status: 'paid', q: 'K7P3', page: 2 });
    const parsed = orderListQuerySchema.parse(query);
    expect(parsed).toMatchObject({ eventId, status: 'paid', q: 'K7P3', page: 2, pageSize: 25 });
    const from = new Date(parsed.from as string);
    const to = new Date(parsed.to as string);
    expect([from.getFullYear(), from.getMonth(), from.getDate(), from.getHours()]).toEqual([2026, 5, 1, 0]);
    expect([to.getFullYear(), to.getMonth(), to.getDate(), to.getHours(), to.getMinutes()]).toEqual([2026, 5, 30, 23, 59]);
  });

  it('has no page for the CSV export', () => {
    expect(orderListQuery({ eventId: null, from: null, to: null, status: null, q: '', page: 4 }, { paged: false })).toEqual({});
  });
});
