// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Column, DataTable } from './data-table.tsx';
import { LoadMore } from './pager.tsx';
import type { SortState } from './sort.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Order {
  id: string;
  buyer: string;
  total: number;
}

const columns: Column<Order>[] = [
  { id: 'buyer', header: 'Buyer', cell: (order) => order.buyer, sortKey: 'buyer' },
  { id: 'total', header: 'Total', cell: (order) => `£${order.total}`, sortKey: 'total', align: 'end' },
  { id: 'id', header: 'Reference', cell: (order) => order.id },
];
const rows: Order[] = [
  { id: 'R1', buyer: 'Ada', total: 30 },
  { id: 'R2', buyer: 'Grace', total: 12 },
];

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

function mount(props: Partial<Parameters<typeof DataTable<Order>>[0]> = {}) {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() =>
    root?.render(
      <DataTable caption="Orders" columns={columns} rows={rows} rowKey={(order) => order.id} empty="No orders yet." {...props} />,
    ),
  );
  return host;
}

const bodyText = (host: HTMLElement) => host.querySelector('tbody')?.textContent ?? '';

describe('DataTable', () => {
  it('renders a captioned table with column headers and a row per item on the server', () => {
    const html = renderToString(
      <DataTable caption="Orders" columns={columns} rows={rows} rowKey={(order) => order.id} empty="None" />,
    );
    document.body.innerHTML = html;
    const table = document.querySelector('table') as HTMLTableElement;
    expect(table.caption?.textContent).toBe('Orders');
    expect([...table.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Buyer', 'Total', 'Reference']);
    expect(table.tBodies[0]?.rows).toHaveLength(2);
    expect(table.querySelectorAll('th')[0]?.getAttribute('scope')).toBe('col');
  });

  it('marks the sorted column with aria-sort and asks the parent for the next order', () => {
    const onSort = vi.fn<(sort: SortState) => void>();
    const host = mount({ sort: { key: 'total', direction: 'asc' }, onSort });
    const headers = [...host.querySelectorAll('th')];
    expect(headers.map((th) => th.getAttribute('aria-sort'))).toEqual([null, 'ascending', null]);
    // Only columns with a sort key get a button.
    expect(headers[2]?.querySelector('button')).toBeNull();

    act(() => headers[1]?.querySelector('button')?.click());
    expect(onSort).toHaveBeenLastCalledWith({ key: 'total', direction: 'desc' });
    act(() => headers[0]?.querySelector('button')?.click());
    expect(onSort).toHaveBeenLastCalledWith({ key: 'buyer', direction: 'asc' });
  });

  it('says so when there are no rows', () => {
    const host = mount({ rows: [] });
    expect(bodyText(host)).toBe('No orders yet.');
  });

  it('shows loading instead of rows, and marks the table busy', () => {
    const host = mount({ loading: true });
    expect(bodyText(host)).toBe('Loading…');
    expect(host.querySelector('table')?.getAttribute('aria-busy')).toBe('true');
  });

  it('shows an error as an alert with a retry button', () => {
    const onRetry = vi.fn();
    const host = mount({ error: 'The orders could not be loaded.', onRetry });
    const alert = host.querySelector('[role="alert"]') as HTMLElement;
    expect(alert.textContent).toContain('The orders could not be loaded.');
    act(() => alert.querySelector('button')?.click());
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe('LoadMore', () => {
  it('offers more rows while there are some, and is busy while they load', () => {
    expect(renderToString(<LoadMore hasMore={false} loading={false} onLoadMore={() => {}} />)).toBe('');
    document.body.innerHTML = renderToString(<LoadMore hasMore loading onLoadMore={() => {}} />);
    const button = document.querySelector('button') as HTMLButtonElement;
    expect(button.textContent).toBe('Loading…');
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });
});
