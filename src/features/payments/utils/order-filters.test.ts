import { describe, expect, it } from 'vitest';
import { orderListQuerySchema } from '#contract/orders.ts';
import { noOrderFilters, orderFiltersToSearch, orderListQuery, parseOrderFilters } from './order-filters.ts';

const eventId = '6f1c2c3e-8d7a-4b8e-9f5a-2c1d3e4f5a6b';

describe('order filters in the address', () => {
  it('read back what they wrote', () => {
    const filters = { eventId, from: '2026-06-01', to: '2026-06-30', status: 'paid' as const, test: false, q: 'K7P3', page: 3 };
    expect(parseOrderFilters(orderFiltersToSearch(filters))).toEqual(filters);
    expect(parseOrderFilters(orderFiltersToSearch({ ...noOrderFilters, test: true }))).toEqual({ ...noOrderFilters, test: true });
  });

  it('leave out what is not set, and page 1', () => {
    const search = orderFiltersToSearch(noOrderFilters);
    expect(search.toString()).toBe('');
  });

  it('drop malformed values instead of sending them to the API', () => {
    const filters = parseOrderFilters(
      new URLSearchParams('eventId=nope&from=2026-13-45&to=yesterday&status=stolen&test=maybe&page=-2&q=%20%20'),
    );
    expect(filters).toEqual(noOrderFilters);
  });
});

describe('orderListQuery', () => {
  it('turns days into the instants the contract accepts, both days included', () => {
    const query = orderListQuery({
      eventId,
      from: '2026-06-01',
      to: '2026-06-30',
      status: 'paid',
      test: null,
      q: 'K7P3',
      page: 2,
    });
    const parsed = orderListQuerySchema.parse(query);
    expect(parsed).toMatchObject({ eventId, status: 'paid', q: 'K7P3', page: 2, pageSize: 25 });
    const from = new Date(parsed.from as string);
    const to = new Date(parsed.to as string);
    expect([from.getFullYear(), from.getMonth(), from.getDate(), from.getHours()]).toEqual([2026, 5, 1, 0]);
    expect([to.getFullYear(), to.getMonth(), to.getDate(), to.getHours(), to.getMinutes()]).toEqual([2026, 5, 30, 23, 59]);
  });

  it('has no page for the CSV export', () => {
    expect(orderListQuery({ ...noOrderFilters, page: 4 }, { paged: false })).toEqual({});
  });

  it('asks for TEST orders only, or real ones only, when the organiser filters them', () => {
    expect(orderListQuery({ ...noOrderFilters, test: true }, { paged: false })).toEqual({ test: true });
    expect(orderListQuery({ ...noOrderFilters, test: false }, { paged: false })).toEqual({ test: false });
  });
});
